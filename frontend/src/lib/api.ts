// The REST API client: cookie sessions (HttpOnly access and refresh cookies, the CSRF token echoed in a header),
// one refresh on a 401 shared by every request that got it, and one error type carrying the API's error code.

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly retryAfter: number | null = null,
  ) {
    super(message);
  }
}

export interface User {
  id: string;
  username: string;
  displayName: string;
  email: string | null;
  role: "admin" | "user";
  enabled: boolean;
  quotaBytes: number | null;
  usedBytes: number;
}

export interface Item {
  id: number;
  /** absent for the root */
  parentId?: number | null;
  name: string;
  type: "file" | "folder";
  size: number;
  mimeType: string | null;
  etag: string;
  createdAt: string;
  modifiedAt: string;
  sha256?: string | null;
  mimeCategory?: string | null;
  media?: { width?: number; height?: number; durationMs?: number } | null;
  /** GET /api/files/{id} only: "/Docs/a.txt" */
  path?: string;
}

export interface Page {
  entries: Item[];
  next: string | null;
}

const CSRF_COOKIE = "nubo_csrf";
const CSRF_HEADER = "X-CSRF-Token";

let expiredHandler: () => void = () => {};

/** Called once a request finds the session gone for good (the refresh failed too). */
export function onSessionExpired(handler: () => void): void {
  expiredHandler = handler;
}

export function csrfToken(): string | null {
  const m = document.cookie.match(new RegExp(`(?:^|; )${CSRF_COOKIE}=([^;]*)`));
  return m ? decodeURIComponent(m[1]) : null;
}

export function authHeaders(method: string): Record<string, string> {
  const token = csrfToken();
  return method === "GET" || method === "HEAD" || !token ? {} : { [CSRF_HEADER]: token };
}

let refreshing: Promise<boolean> | null = null;

/** One refresh at a time: every request that met a 401 meanwhile waits for the same answer. */
export function refreshSession(): Promise<boolean> {
  if (!refreshing) {
    refreshing = fetch("/api/auth/refresh", {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", ...authHeaders("POST") },
      body: JSON.stringify({ mode: "cookie" }),
    })
      .then((r) => r.ok)
      .catch(() => false)
      .finally(() => {
        refreshing = null;
      });
  }
  return refreshing;
}

export interface RequestOptions {
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** sign-in and refresh themselves must not trigger a refresh */
  noRefresh?: boolean;
  /** a 401 that survives the refresh is the caller's business, not "your session ended" (the first /auth/me) */
  quiet?: boolean;
}

export async function errorOf(r: Response): Promise<ApiError> {
  let code = "http_" + r.status;
  let message = r.statusText || `HTTP ${r.status}`;
  try {
    const body = await r.json();
    if (body && typeof body.error === "string") code = body.error;
    if (body && typeof body.message === "string") message = body.message;
  } catch {
    // not JSON: keep the status line
  }
  const after = Number(r.headers.get("Retry-After"));
  return new ApiError(r.status, code, message, Number.isFinite(after) && after > 0 ? after : null);
}

export async function request(method: string, path: string, options: RequestOptions = {}): Promise<Response> {
  const send = () => {
    const headers: Record<string, string> = { ...authHeaders(method), ...options.headers };
    let body = options.body;
    if (options.json !== undefined) {
      headers["Content-Type"] = "application/json";
      body = JSON.stringify(options.json);
    }
    return fetch("/api" + path, { method, headers, body, credentials: "same-origin", signal: options.signal });
  };
  let r = await send();
  if (r.status === 401 && !options.noRefresh) {
    if (await refreshSession()) {
      r = await send();
    }
    if (r.status === 401 && !options.quiet) {
      expiredHandler();
    }
  }
  if (!r.ok) {
    throw await errorOf(r);
  }
  return r;
}

export async function getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  return (await request("GET", path, { signal })).json() as Promise<T>;
}

export async function sendJson<T>(method: string, path: string, json?: unknown): Promise<T> {
  const r = await request(method, path, { json });
  return (r.status === 204 ? undefined : await r.json()) as T;
}

// ------------------------------------------------------------------ sessions and accounts

export interface SessionAnswer {
  csrfToken: string;
  user: User & { mustChangePassword?: boolean };
}

export function login(username: string, password: string): Promise<SessionAnswer> {
  return request("POST", "/auth/login", { json: { username, password, mode: "cookie" }, noRefresh: true }).then(
    (r) => r.json(),
  );
}

export async function logout(): Promise<void> {
  await request("POST", "/auth/logout", { noRefresh: true }).catch(() => undefined);
}

export const me = () =>
  request("GET", "/auth/me", { quiet: true }).then((r) => r.json() as Promise<User & { mustChangePassword?: boolean }>);

export const changePassword = (currentPassword: string, newPassword: string) =>
  sendJson<void>("POST", "/auth/password", { currentPassword, newPassword });

export interface SetupState {
  setupPending: boolean;
}

export const setupState = () =>
  fetch("/api/setup", { credentials: "same-origin" }).then((r) => (r.ok ? r.json() : { setupPending: false })) as Promise<SetupState>;

// ------------------------------------------------------------------ files

export const root = () => getJson<Item>("/files/root");
/** GET /api/files/{id} answers { node, path }: the item with its path from the root ("/Docs/a.txt"). */
export async function item(id: number): Promise<Item> {
  const r = await getJson<{ node: Item; path: string }>(`/files/${id}`);
  return { ...r.node, path: r.path };
}

export function children(id: number, sort: string, order: string, cursor: string | null, signal?: AbortSignal) {
  const q = new URLSearchParams({ sort, order, limit: "1000" });
  if (cursor) q.set("cursor", cursor);
  return getJson<Page>(`/files/${id}/children?${q}`, signal);
}

export const createFolder = (parentId: number, name: string) =>
  sendJson<Item>("POST", `/files/${parentId}/folders`, { name });

export const patchItem = (id: number, change: { name?: string; parentId?: number; conflict?: string }) =>
  sendJson<Item>("PATCH", `/files/${id}`, change);

export const copyItem = (id: number, parentId: number, conflict?: string) =>
  sendJson<Item>("POST", `/files/${id}/copy`, { parentId, conflict });

export const trashItem = (id: number) => sendJson<void>("DELETE", `/files/${id}`);

export interface BatchResult {
  results: { id: number; node?: Item; error?: string; message?: string }[];
  succeeded: number;
  failed: number;
}

export const batch = (action: "move" | "copy" | "delete", ids: number[], targetId?: number, conflict?: string) =>
  sendJson<BatchResult>("POST", "/files/batch", { action, ids, targetId, conflict });

export const contentUrl = (id: number, download = false) =>
  `/api/files/${id}/content?disposition=${download ? "attachment" : "inline"}`;
export const zipUrl = (ids: number[]) =>
  ids.length === 1 ? `/api/files/${ids[0]}/zip` : `/api/files/zip?ids=${ids.join(",")}`;
export const thumbnailUrl = (id: number, etag: string, size: "icon" | "preview" | "large" = "icon") =>
  `/api/files/${id}/thumbnail?size=${size}&v=${encodeURIComponent(etag)}`;

export interface FolderEntry {
  id: number;
  name: string;
  etag: string;
  hasSubfolders: boolean;
}

export const subfolders = (id: number) => getJson<FolderEntry[]>(`/files/${id}/folders`);

// ------------------------------------------------------------------ trash, favorites, recent, search, usage

export interface TrashEntry {
  node: Item;
  originalPath: string;
  trashedAt: string;
}

export const trash = (after: string | null) =>
  getJson<{ items: TrashEntry[]; next: string | null }>(`/trash?limit=200${after ? "&after=" + encodeURIComponent(after) : ""}`);
export const restore = (id: number) => sendJson<Item>("POST", `/trash/${id}/restore`);
export const purge = (id: number) => sendJson<void>("DELETE", `/trash/${id}`);
export const emptyTrash = () => sendJson<void>("DELETE", "/trash");

export const favorites = () => getJson<Item[]>("/favorites");
export const setFavorite = (id: number, on: boolean) => sendJson<void>(on ? "PUT" : "DELETE", `/favorites/${id}`);

export interface RecentEntry {
  node: Item;
  action: string;
  at: string;
}

export const recent = () => getJson<RecentEntry[]>("/recent?limit=100");

export interface SearchHit {
  node: Item;
  path: string;
  score: number;
}

export interface SearchPage {
  total: number;
  offset: number;
  limit: number;
  items: SearchHit[];
}

export const search = (params: Record<string, string>, signal?: AbortSignal) =>
  getJson<SearchPage>(`/search?${new URLSearchParams(params)}`, signal);

export interface Usage {
  usedBytes: number;
  quotaBytes: number | null;
  freeBytes: number | null;
  trashBytes: number;
  files: number;
  folders: number;
}

export const usage = () => getJson<Usage>("/usage");

export interface Crumb {
  id: number;
  name: string;
}

/** The folders from the root down to the item's parent, root first, in one request. */
export const ancestors = (id: number) => getJson<Crumb[]>(`/files/${id}/ancestors`);
