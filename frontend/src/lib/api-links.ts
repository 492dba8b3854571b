// Public links: the owner's calls (signed in, through the session client) and the visitor's calls (no account; plain
// fetch, so a 401 means "this link wants its password", never "your session ended").
import { ApiError, errorOf, getJson, sendJson, type Item, type Page } from "./api";

export type LinkPermission = "view" | "download" | "drop" | "edit";

export interface Link {
  id: number;
  url: string;
  token: string;
  nodeId: number;
  nodeName: string;
  kind: "file" | "folder";
  permission: LinkPermission;
  passwordProtected: boolean;
  expiresAt: string | null;
  downloadLimit: number | null;
  downloadCount: number;
  label: string | null;
  createdAt: string;
}

export interface NewLink {
  nodeId: number;
  permission: LinkPermission;
  password?: string;
  expiresAt?: string;
  downloadLimit?: number;
  label?: string;
}

/** "2027-01-31" (a date input's value) -> the last second of that day in the browser's time zone, as ISO-8601 */
export function endOfDay(day: string): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(y, m - 1, d, 23, 59, 59).toISOString();
}

export const linksOf = (nodeId: number) => getJson<Link[]>(`/links?nodeId=${nodeId}`);
export const createLink = (link: NewLink) => sendJson<Link>("POST", "/links", link);
export const revokeLink = (id: number) => sendJson<void>("DELETE", `/links/${id}`);

// ------------------------------------------------------------------ the visitor's side

export interface LinkInfo {
  name: string;
  kind: "file" | "folder";
  permission: LinkPermission;
  needsPassword: boolean;
  unlocked: boolean;
  expiresAt: string | null;
  owner: string;
  rootId: number | null;
  size: number | null;
  mimeType: string | null;
}

export interface Crumb {
  id: number;
  name: string;
}

export interface LinkListing extends Page {
  folder: Item;
  path: Crumb[];
}

const base = (token: string) => `/api/public/links/${encodeURIComponent(token)}`;

async function call<T>(token: string, method: string, path: string, json?: unknown): Promise<T> {
  const r = await fetch(base(token) + path, {
    method,
    credentials: "same-origin",
    headers: json === undefined ? {} : { "Content-Type": "application/json" },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  if (!r.ok) throw await errorOf(r);
  return (r.status === 204 ? undefined : await r.json()) as T;
}

export const linkInfo = (token: string) => call<LinkInfo>(token, "GET", "");
export const unlockLink = (token: string, password: string) => call<void>(token, "POST", "/unlock", { password });
export const linkItem = (token: string, id: number) => call<{ node: Item; path: Crumb[] }>(token, "GET", `/items/${id}`);
export function linkListing(token: string, folderId: number | null, cursor: string | null): Promise<LinkListing> {
  const q = new URLSearchParams();
  if (folderId !== null) q.set("folderId", String(folderId));
  if (cursor) q.set("cursor", cursor);
  return call<LinkListing>(token, "GET", `/items?${q}`);
}

export const linkContentUrl = (token: string, id: number, download = false) =>
  `${base(token)}/items/${id}/content?disposition=${download ? "attachment" : "inline"}`;
export const linkThumbnailUrl = (token: string, id: number, etag: string, size: "icon" | "preview" | "large") =>
  `${base(token)}/items/${id}/thumbnail?size=${size}&v=${encodeURIComponent(etag)}`;
export const linkZipUrl = (token: string) => `${base(token)}/zip`;

/** Uploads one file into the link's folder (or a folder inside it), reporting progress from 0 to 1. */
export function uploadToLink(
  token: string,
  folderId: number | null,
  file: File,
  progress: (fraction: number) => void,
): Promise<{ name: string }> {
  const q = new URLSearchParams({ name: file.name });
  if (folderId !== null) q.set("folderId", String(folderId));
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `${base(token)}/upload?${q}`);
    xhr.setRequestHeader("Content-Type", "application/octet-stream");
    xhr.upload.onprogress = (e) => e.lengthComputable && progress(e.loaded / e.total);
    xhr.onload = () => {
      let body: { name?: string; error?: string; message?: string } = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON
      }
      if (xhr.status === 201) {
        progress(1);
        resolve({ name: body.name ?? file.name });
      } else {
        reject(new ApiError(xhr.status, body.error ?? `http_${xhr.status}`, body.message ?? xhr.statusText));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, "network", "the connection failed"));
    xhr.send(file);
  });
}
