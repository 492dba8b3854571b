// The upload queue: files go up a few at a time, each with its own progress; small files in one PUT, large ones
// through a resumable session in chunks (a failed chunk resumes from the offset the server holds). A name that
// is taken asks the user (replace, keep both, skip), optionally once for the whole batch.
import { get, writable } from "svelte/store";
import { ApiError, authHeaders, createFolder, children, errorOf, type Item } from "./api";

export const CHUNK = 8 * 1024 * 1024;
export const SINGLE_PUT_LIMIT = 16 * 1024 * 1024;
const PARALLEL = 3;

export type Status = "queued" | "uploading" | "done" | "failed" | "cancelled" | "skipped";
export type Conflict = "overwrite" | "keep-both" | "skip";

export interface Task {
  id: number;
  name: string;
  /** folders below the target, for folder uploads: ["photos", "2024"] */
  dirs: string[];
  file: File;
  parentId: number;
  size: number;
  sent: number;
  status: Status;
  message: string;
  conflict: Conflict | null;
  uploadId: string | null;
}

export const tasks = writable<Task[]>([]);
export const onUploaded = writable<{ parentId: number; item: Item | null } | null>(null);

/** Asks the user what to do about a taken name; the UI sets this. */
export let askConflict: (name: string) => Promise<{ choice: Conflict; forAll: boolean }> = async () => ({
  choice: "keep-both",
  forAll: false,
});

export function setConflictPrompt(f: typeof askConflict): void {
  askConflict = f;
}

let nextId = 1;
let batchChoice: Conflict | null = null;
const running = new Map<number, XMLHttpRequest>();
const cancelled = new Set<number>();

function update(id: number, change: Partial<Task>): void {
  tasks.update((all) => all.map((t) => (t.id === id ? { ...t, ...change } : t)));
}

function task(id: number): Task | undefined {
  return get(tasks).find((t) => t.id === id);
}

export function totals(all: Task[]): { done: number; total: number; sent: number; size: number } {
  const live = all.filter((t) => t.status !== "cancelled" && t.status !== "skipped");
  return {
    done: live.filter((t) => t.status === "done").length,
    total: live.length,
    sent: live.reduce((s, t) => s + t.sent, 0),
    size: live.reduce((s, t) => s + t.size, 0),
  };
}

/** Queues files for the folder parentId; a relative path (folder uploads) makes its folders first. */
export function enqueue(parentId: number, files: { file: File; path?: string }[]): void {
  batchChoice = null;
  const added: Task[] = files.map(({ file, path }) => {
    const parts = (path || file.name).split("/").filter(Boolean);
    return {
      id: nextId++,
      name: parts[parts.length - 1] ?? file.name,
      dirs: parts.slice(0, -1),
      file,
      parentId,
      size: file.size,
      sent: 0,
      status: "queued",
      message: "",
      conflict: null,
      uploadId: null,
    };
  });
  tasks.update((all) => [...all, ...added]);
  pump();
}

export function cancel(id: number): void {
  const t = task(id);
  if (!t || (t.status !== "queued" && t.status !== "uploading")) return;
  cancelled.add(id);
  running.get(id)?.abort();
  update(id, { status: "cancelled" });
  if (t.uploadId) {
    fetch(`/api/uploads/${t.uploadId}`, { method: "DELETE", headers: authHeaders("DELETE") }).catch(() => {});
  }
}

export function retry(id: number): void {
  const t = task(id);
  if (!t || (t.status !== "failed" && t.status !== "cancelled")) return;
  cancelled.delete(id);
  update(id, { status: "queued", message: "", ...(t.status === "cancelled" ? { uploadId: null, sent: 0 } : {}) });
  pump();
}

export function clearFinished(): void {
  tasks.update((all) => all.filter((t) => t.status === "queued" || t.status === "uploading"));
}

let active = 0;

function pump(): void {
  while (active < PARALLEL) {
    const next = get(tasks).find((t) => t.status === "queued" && !running.has(t.id));
    if (!next) return;
    active++;
    update(next.id, { status: "uploading" });
    run(next.id).finally(() => {
      active--;
      pump();
    });
  }
}

// folders made (or found) during uploads: "parentId/name" -> id
const folderIds = new Map<string, Promise<number>>();

async function folderOf(parentId: number, dirs: string[]): Promise<number> {
  let id = parentId;
  for (const name of dirs) {
    const key = `${id}/${name}`;
    let p = folderIds.get(key);
    if (!p) {
      const parent = id;
      p = createFolder(parent, name)
        .then((f) => f.id)
        .catch(async (e) => {
          if (!(e instanceof ApiError) || e.code !== "name_taken") throw e;
          let cursor: string | null = null;
          do {
            const page = await children(parent, "name", "asc", cursor);
            const found = page.entries.find((c) => c.name === name && c.type === "folder");
            if (found) return found.id;
            cursor = page.next;
          } while (cursor);
          throw e;
        });
      p.catch(() => folderIds.delete(key));
      folderIds.set(key, p);
    }
    id = await p;
  }
  return id;
}

function xhr(method: string, url: string, body: Blob | null, headers: Record<string, string>, id: number,
  base: number): Promise<XMLHttpRequest> {
  return new Promise((resolve, reject) => {
    const x = new XMLHttpRequest();
    running.set(id, x);
    x.open(method, url);
    for (const [k, v] of Object.entries({ ...authHeaders(method), ...headers })) x.setRequestHeader(k, v);
    x.upload.onprogress = (e) => update(id, { sent: base + e.loaded });
    x.onload = () => resolve(x);
    x.onerror = () => reject(new Error("network error"));
    x.onabort = () => reject(new DOMException("cancelled", "AbortError"));
    x.send(body);
  }).finally(() => running.delete(id)) as Promise<XMLHttpRequest>;
}

async function failure(x: XMLHttpRequest): Promise<ApiError> {
  return errorOf(new Response(x.responseText || null, { status: x.status, statusText: x.statusText }));
}

async function decide(t: Task): Promise<Conflict> {
  if (batchChoice) return batchChoice;
  const { choice, forAll } = await askConflict(t.name);
  if (forAll) batchChoice = choice;
  return choice;
}

async function run(id: number): Promise<void> {
  const t = task(id)!;
  try {
    const parentId = await folderOf(t.parentId, t.dirs);
    let conflict = t.conflict ?? "fail";
    for (;;) {
      const result = t.size <= SINGLE_PUT_LIMIT ? await single(t, parentId, conflict) : await chunked(t, parentId, conflict);
      if (result !== "conflict") {
        update(id, { status: "done", sent: t.size });
        onUploaded.set({ parentId, item: result });
        return;
      }
      const choice = await decide(t);
      if (choice === "skip") {
        update(id, { status: "skipped" });
        return;
      }
      conflict = choice;
      update(id, { conflict: choice });
    }
  } catch (e) {
    if (e instanceof SkipError) {
      update(id, { status: "skipped" });
    } else if (cancelled.has(id) || (e instanceof DOMException && e.name === "AbortError")) {
      update(id, { status: "cancelled" });
    } else {
      update(id, { status: "failed", message: (e as Error).message });
    }
  }
}

async function single(t: Task, parentId: number, conflict: string): Promise<Item | "conflict"> {
  const url = `/api/files/${parentId}/children/${encodeURIComponent(t.name)}?conflict=${conflict}`;
  const headers: Record<string, string> = { "Content-Type": "application/octet-stream" };
  if (t.file.lastModified) headers["X-Modified-At"] = String(Math.floor(t.file.lastModified / 1000));
  const x = await xhr("PUT", url, t.file, headers, t.id, 0);
  if (x.status === 409) {
    const e = await failure(x);
    if (e.code === "name_taken") return "conflict";
    throw e;
  }
  if (x.status < 200 || x.status >= 300) throw await failure(x);
  return JSON.parse(x.responseText) as Item;
}

async function chunked(t: Task, parentId: number, conflict: string): Promise<Item | "conflict"> {
  let uploadId = task(t.id)?.uploadId ?? null;
  let offset = 0;
  if (uploadId) {
    const r = await fetch(`/api/uploads/${uploadId}`, { method: "HEAD", credentials: "same-origin" });
    if (r.ok) offset = Number(r.headers.get("Upload-Offset") ?? 0);
    else uploadId = null;
  }
  if (!uploadId) {
    const r = await fetch("/api/uploads", {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", ...authHeaders("POST") },
      body: JSON.stringify({ parentId, name: t.name, size: t.size, conflict }),
    });
    if (r.status === 409) {
      const e = await errorOf(r);
      if (e.code === "name_taken") return "conflict";
      throw e;
    }
    if (!r.ok) throw await errorOf(r);
    uploadId = ((await r.json()) as { id: string }).id;
    update(t.id, { uploadId });
  }
  while (offset < t.size) {
    if (cancelled.has(t.id)) throw new DOMException("cancelled", "AbortError");
    const end = Math.min(t.size, offset + CHUNK);
    const x = await xhr("PATCH", `/api/uploads/${uploadId}`, t.file.slice(offset, end),
      { "Content-Type": "application/offset+octet-stream", "Upload-Offset": String(offset) }, t.id, offset);
    if (x.status === 409) {
      const at = Number(x.getResponseHeader("Upload-Offset"));
      if (!Number.isFinite(at)) throw await failure(x);
      offset = at; // the server holds a different offset: resume from there
      continue;
    }
    if (x.status < 200 || x.status >= 300) throw await failure(x);
    offset = Number(x.getResponseHeader("Upload-Offset") ?? end);
    update(t.id, { sent: offset });
  }
  // a name taken meanwhile: ask, then complete again with the choice (the bytes stay on the server)
  for (let mode: string | null = null; ; ) {
    const r = await fetch(`/api/uploads/${uploadId}/complete`, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", ...authHeaders("POST") },
      body: JSON.stringify(mode ? { conflict: mode } : {}),
    });
    if (r.status === 409) {
      const e = await errorOf(r);
      if (e.code !== "name_taken") throw e;
      const choice = await decide(t);
      if (choice === "skip") {
        await fetch(`/api/uploads/${uploadId}`, { method: "DELETE", headers: authHeaders("DELETE") }).catch(() => {});
        update(t.id, { uploadId: null });
        throw new SkipError();
      }
      mode = choice;
      continue;
    }
    if (!r.ok) throw await errorOf(r);
    return (await r.json()) as Item;
  }
}

class SkipError extends Error {}
