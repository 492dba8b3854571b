// Sharing with users and groups (/api/shares, /api/sharees): the JSON shapes of SharesJson.java and the calls the
// share dialog and the "Shared" page make.
import { getJson, sendJson, type Item } from "./api";
import { t } from "./i18n";
import type { MessageKey } from "./messages/en";

export type Role = "viewer" | "editor" | "manager";
export const ROLES: Role[] = ["viewer", "editor", "manager"];

export interface Party {
  type: "user" | "group";
  id: string;
  name: string;
  displayName?: string | null;
}

export interface Share {
  id: number;
  nodeId: number;
  nodeName: string;
  folder: boolean;
  ownerId: string;
  grantee: Party;
  role: Role;
  grantedBy?: string | null;
  createdAt: string;
  expiresAt?: string | null;
}

export interface Incoming {
  shareId: number;
  node: Item;
  owner: Party;
  role: Role;
  since: string;
  expiresAt?: string | null;
  via?: Party | null;
  hidden: boolean;
}

export interface Sharees {
  users: { id: string; username: string; displayName?: string | null }[];
  groups: { id: string; name: string; displayName?: string | null }[];
}

export async function sharesOf(nodeId: number): Promise<Share[]> {
  return (await getJson<{ shares: Share[] }>(`/shares?nodeId=${nodeId}`)).shares;
}

export async function outgoing(): Promise<Share[]> {
  return (await getJson<{ shares: Share[] }>("/shares/outgoing")).shares;
}

export async function incoming(hidden = false): Promise<Incoming[]> {
  return (await getJson<{ items: Incoming[] }>(`/shares/incoming${hidden ? "?hidden=true" : ""}`)).items;
}

export function share(nodeId: number, to: Party, role: Role, expiresAt: string | null): Promise<Share> {
  const who = to.type === "user" ? { userId: to.id } : { groupId: to.id };
  return sendJson<Share>("POST", "/shares", { nodeId, ...who, role, expiresAt });
}

export function changeShare(id: number, changes: { role?: Role; expiresAt?: string | null }): Promise<Share> {
  return sendJson<Share>("PATCH", `/shares/${id}`, changes);
}

export function revoke(id: number): Promise<void> {
  return sendJson<void>("DELETE", `/shares/${id}`);
}

export function setHidden(id: number, hidden: boolean): Promise<void> {
  return sendJson<void>(hidden ? "PUT" : "DELETE", `/shares/${id}/hidden`);
}

export function sharees(q: string, signal?: AbortSignal): Promise<Sharees> {
  return getJson<Sharees>(`/sharees?q=${encodeURIComponent(q)}&limit=10`, signal);
}

/** The end of a chosen day in the browser's time zone, as the API wants it; "" means no expiry. */
export function endOfDay(date: string): string | null {
  if (!date) return null;
  const [y, m, d] = date.split("-").map(Number);
  return new Date(y, m - 1, d, 23, 59, 59).toISOString();
}

/** The day an expiry falls on, for a date input (browser's time zone). */
export function dayOf(iso: string | null | undefined): string {
  if (!iso) return "";
  const t = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${t.getFullYear()}-${pad(t.getMonth() + 1)}-${pad(t.getDate())}`;
}

/** A user or group as the sharing views name it: "Display Name (name)", or the name alone when they agree. */
export function partyName(p: Party): string {
  return p.displayName && p.displayName !== p.name ? `${p.displayName} (${p.name})` : p.name;
}

/** A role in words ("Can view"). */
export function roleName(r: Role): string {
  return t(`share.role.${r}` as MessageKey);
}
