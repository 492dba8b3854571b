// Shared drives: the caller's memberships (GET /api/drives), a drive's members (admins and the drive's managers)
// and drive administration (admins). Shapes follow web/src/main/java/dev/nubo/rest/DrivesJson.java.
import { getJson, sendJson } from "./api";

export type DriveRole = "viewer" | "editor" | "manager";

/** A drive I am a member of: browse it at /files/{rootId}. */
export interface MyDrive {
  id: string;
  name: string;
  rootId: number;
  role: DriveRole;
  quotaBytes: number | null;
  usedBytes: number;
  viaGroup: string | null;
}

export interface Drive {
  id: string;
  name: string;
  rootId: number;
  quotaBytes: number | null;
  usedBytes: number;
  createdAt: string;
  members: number;
}

export interface Member {
  kind: "user" | "group";
  id: string;
  name: string;
  displayName: string | null;
  role: DriveRole;
}

export const ROLES: readonly DriveRole[] = ["viewer", "editor", "manager"];

export const myDrives = () => getJson<MyDrive[]>("/drives");

/** Editors and managers see a drive's trash; viewers do not. */
export const canWrite = (d: MyDrive) => d.role !== "viewer";

export const listDrives = () => getJson<Drive[]>("/admin/drives");
export const createDrive = (name: string, quotaBytes: number | null) =>
  sendJson<Drive>("POST", "/admin/drives", { name, quotaBytes });
export const updateDrive = (id: string, changes: { name?: string; quotaBytes?: number | null }) =>
  sendJson<Drive>("PATCH", `/admin/drives/${id}`, changes);
export const deleteDrive = (id: string, force: boolean) =>
  sendJson<void>("DELETE", `/admin/drives/${id}${force ? "?force=true" : ""}`);

const memberPath = (drive: string, m: { kind: "user" | "group"; id: string }) =>
  `/drives/${drive}/members/${m.kind === "user" ? "users" : "groups"}/${m.id}`;

export const members = (drive: string) => getJson<Member[]>(`/drives/${drive}/members`);
export const setMember = (drive: string, m: { kind: "user" | "group"; id: string }, role: DriveRole) =>
  sendJson<Member>("PUT", memberPath(drive, m), { role });
export const removeMember = (drive: string, m: { kind: "user" | "group"; id: string }) =>
  sendJson<void>("DELETE", memberPath(drive, m));
