// Group administration (REST: /api/admin/groups, /api/sharees; shapes from web/src/main/java/dev/nubo/rest/GroupsJson.java)
// and the one piece of logic of the members dialog: which search hits can still be added.
import { getJson, sendJson } from "./api";

export interface Group {
  id: string;
  name: string;
  displayName: string;
  createdAt: string;
  userMembers: number;
  groupMembers: number;
}

export interface GroupRef {
  id: string;
  name: string;
  displayName: string;
}

export interface MemberUser {
  id: string;
  username: string;
  displayName: string;
  enabled: boolean;
}

export interface GroupDetail {
  group: Group;
  users: MemberUser[];
  groups: GroupRef[];
  effectiveUsers: number;
}

export interface GroupPage {
  groups: Group[];
  total: number;
  offset: number;
  limit: number;
}

export interface ShareeUser {
  id: string;
  username: string;
  displayName: string;
}

export interface Sharees {
  users: ShareeUser[];
  groups: GroupRef[];
}

const path = (id: string) => `/admin/groups/${encodeURIComponent(id)}`;

export const listGroups = (q: string, offset: number, limit: number) =>
  getJson<GroupPage>(`/admin/groups?${new URLSearchParams({ q, offset: String(offset), limit: String(limit) })}`);
export const group = (id: string) => getJson<GroupDetail>(path(id));
export const createGroup = (name: string, displayName: string) =>
  sendJson<Group>("POST", "/admin/groups", { name, displayName: displayName || undefined });
/** An empty display name makes the group show its name. */
export const updateGroup = (id: string, changes: { name?: string; displayName?: string }) =>
  sendJson<Group>("PATCH", path(id), changes);
export const deleteGroup = (id: string) => sendJson<void>("DELETE", path(id));
export const setMember = (id: string, kind: "users" | "groups", memberId: string, member: boolean) =>
  sendJson<void>(member ? "PUT" : "DELETE", `${path(id)}/members/${kind}/${encodeURIComponent(memberId)}`);
export const sharees = (q: string, signal?: AbortSignal, limit = 10) =>
  getJson<Sharees>(`/sharees?${new URLSearchParams({ q, limit: String(limit) })}`, signal);

/** One search hit the members dialog offers to add. */
export interface Candidate {
  kind: "users" | "groups";
  id: string;
  name: string;
  displayName: string;
}

/**
 * The hits that are not yet direct members, users first. The sharee search never returns the caller, so the signed-in
 * admin is offered when their own name or display name contains the query; the group itself is left out (it cannot
 * contain itself), while a group above it stays in: the server refuses that with its cycle message.
 */
export function candidates(
  hits: Sharees,
  detail: GroupDetail,
  q: string,
  me: ShareeUser | null = null,
): Candidate[] {
  const needle = q.trim().toLowerCase();
  const users = [...hits.users];
  if (me && needle && `${me.username} ${me.displayName}`.toLowerCase().includes(needle)) {
    if (!users.some((u) => u.id === me.id)) users.unshift(me);
  }
  const inUsers = new Set(detail.users.map((u) => u.id));
  const inGroups = new Set(detail.groups.map((g) => g.id));
  return [
    ...users
      .filter((u) => !inUsers.has(u.id))
      .map((u) => ({ kind: "users" as const, id: u.id, name: u.username, displayName: u.displayName })),
    ...hits.groups
      .filter((g) => !inGroups.has(g.id) && g.id !== detail.group.id)
      .map((g) => ({ kind: "groups" as const, id: g.id, name: g.name, displayName: g.displayName })),
  ];
}
