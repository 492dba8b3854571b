// REST calls of the trash, search, profile and admin pages that api.ts does not have yet; the shapes follow
// web/src/main/java/dev/nubo/rest/Json.java and rest/files/FilesJson.java.
import { getJson, sendJson, type Item, type SearchHit, type TrashEntry, type User } from "./api";

// ------------------------------------------------------------------ trash

export interface TrashPage {
  items: TrashEntry[];
  /** pass back as ?after= for the following (older) page; null on the last one */
  next: string | null;
}

/** The caller's trash, or a shared drive's (its id) for its editors and managers. */
export function trashPage(after: string | null, limit = 100, signal?: AbortSignal, drive?: string | null): Promise<TrashPage> {
  const q = new URLSearchParams({ limit: String(limit) });
  if (after) q.set("after", after);
  if (drive) q.set("drive", drive);
  return getJson<TrashPage>(`/trash?${q}`, signal);
}

const ofDrive = (drive?: string | null) => (drive ? `?drive=${encodeURIComponent(drive)}` : "");

export const emptyTrash = (drive?: string | null) => sendJson<{ deleted: number }>("DELETE", `/trash${ofDrive(drive)}`);
export const restoreFrom = (id: number, drive?: string | null) =>
  sendJson<Item>("POST", `/trash/${id}/restore${ofDrive(drive)}`);
export const purgeFrom = (id: number, drive?: string | null) => sendJson<void>("DELETE", `/trash/${id}${ofDrive(drive)}`);

// ------------------------------------------------------------------ search

export const suggest = (q: string, signal?: AbortSignal, limit = 8) =>
  getJson<{ items: SearchHit[] }>(`/search/suggest?${new URLSearchParams({ q, limit: String(limit) })}`, signal);

// ------------------------------------------------------------------ the caller's sessions and app passwords

export interface SessionItem {
  id: string;
  kind: "cookie" | "token";
  createdAt: string;
  lastSeenAt: string | null;
  expiresAt: string | null;
  userAgent: string | null;
  clientAddress: string | null;
  current: boolean;
}

export const sessions = () => getJson<SessionItem[]>("/auth/sessions");
export const revokeSession = (id: string) => sendJson<void>("DELETE", `/auth/sessions/${encodeURIComponent(id)}`);

export interface AppPassword {
  id: string;
  label: string;
  createdAt: string;
  lastUsedAt: string | null;
  /** only in the answer to the POST that created it */
  password: string | null;
}

export const appPasswords = () => getJson<AppPassword[]>("/auth/app-passwords");
export const createAppPassword = (label: string) => sendJson<AppPassword>("POST", "/auth/app-passwords", { label });
export const revokeAppPassword = (id: string) =>
  sendJson<void>("DELETE", `/auth/app-passwords/${encodeURIComponent(id)}`);

// ------------------------------------------------------------------ administration

export interface AdminUser extends User {
  createdAt: string;
}

export interface UserPage {
  users: AdminUser[];
  total: number;
  offset: number;
  limit: number;
}

export const listUsers = (offset: number, limit: number) =>
  getJson<UserPage>(`/admin/users?${new URLSearchParams({ offset: String(offset), limit: String(limit) })}`);

export interface NewUser {
  username: string;
  password: string;
  displayName?: string;
  email?: string;
  role: "admin" | "user";
  quotaBytes: number | null;
}

export const createUser = (user: NewUser) => sendJson<AdminUser>("POST", "/admin/users", user);

/** Only the fields present change; quotaBytes null means unlimited. */
export interface UserChanges {
  displayName?: string;
  email?: string;
  role?: "admin" | "user";
  enabled?: boolean;
  quotaBytes?: number | null;
}

export const updateUser = (id: string, changes: UserChanges) =>
  sendJson<AdminUser>("PATCH", `/admin/users/${encodeURIComponent(id)}`, changes);
export const deleteUser = (id: string) => sendJson<void>("DELETE", `/admin/users/${encodeURIComponent(id)}`);

// ------------------------------------------------------------------ server settings (admin)

/** value/defaultValue absent: no limit (only where unlimitedAllowed). */
export interface ServerSetting {
  key: string;
  value?: number;
  defaultValue?: number;
  source: "database" | "environment" | "default";
  env: string;
  unit: "bytes" | "days";
  min: number;
  max: number;
  unlimitedAllowed: boolean;
  updatedAt?: string;
  updatedBy?: string;
}

export interface ServerInfo {
  version?: string;
  baseUrl?: string;
  dataDir: string;
  databaseUrl: string;
  databaseVersion: string;
  javaVersion: string;
  javaVm: string;
  startedAt: string;
  uptimeSeconds: number;
  users: number;
  storageBytes: number;
  files: number;
  folders: number;
  trashedItems: number;
}

export interface AdminSettings {
  settings: ServerSetting[];
  server: ServerInfo;
}

export const serverSettings = () => getJson<AdminSettings>("/admin/settings");
/** One transaction: a number sets, "unlimited" lifts the limit where allowed, null resets to the default. */
export const updateServerSettings = (changes: Record<string, number | "unlimited" | null>) =>
  sendJson<AdminSettings>("PATCH", "/admin/settings", changes);

// ------------------------------------------------------------------ where an item opens

/** A folder opens itself, a file the folder that holds it. */
export function folderHref(node: Pick<Item, "id" | "type" | "parentId">): string {
  return node.type === "folder" || node.parentId === null ? `/files/${node.id}` : `/files/${node.parentId}`;
}
