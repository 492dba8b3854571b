// The search page's state as it lives in the address (?q=&type=&category=&after=&before=&min=&max=) and as the API
// takes it (GET /api/search), and the guards that keep only the newest of overlapping requests.

export const CATEGORIES = [
  "image",
  "audio",
  "video",
  "pdf",
  "text",
  "document",
  "spreadsheet",
  "presentation",
  "archive",
  "other",
] as const;

export type Category = (typeof CATEGORIES)[number];

export interface Filters {
  q: string;
  type: "" | "file" | "folder";
  category: "" | Category;
  /** yyyy-mm-dd, as <input type="date"> gives it */
  after: string;
  before: string;
  /** megabytes, as typed */
  minSize: string;
  maxSize: string;
}

export const NO_FILTERS: Filters = { q: "", type: "", category: "", after: "", before: "", minSize: "", maxSize: "" };

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MB = 1024 * 1024;

function sizeText(v: string | null): string {
  if (v === null) return "";
  const n = Number(v);
  return v.trim() !== "" && Number.isFinite(n) && n >= 0 ? v.trim() : "";
}

/** The filters an address asks for; anything malformed is dropped rather than sent to the server. */
export function filtersFromQuery(query: URLSearchParams): Filters {
  const type = query.get("type");
  const category = query.get("category");
  const after = query.get("after") ?? "";
  const before = query.get("before") ?? "";
  return {
    q: query.get("q") ?? "",
    type: type === "file" || type === "folder" ? type : "",
    category: (CATEGORIES as readonly string[]).includes(category ?? "") ? (category as Category) : "",
    after: DATE.test(after) ? after : "",
    before: DATE.test(before) ? before : "",
    minSize: sizeText(query.get("min")),
    maxSize: sizeText(query.get("max")),
  };
}

/** "?q=report&type=file", or "" without a query or filter; the order of keys is fixed so equal states compare equal. */
export function queryOfFilters(f: Filters): string {
  const q = new URLSearchParams();
  if (f.q.trim()) q.set("q", f.q);
  if (f.type) q.set("type", f.type);
  if (f.category) q.set("category", f.category);
  if (DATE.test(f.after)) q.set("after", f.after);
  if (DATE.test(f.before)) q.set("before", f.before);
  if (sizeText(f.minSize)) q.set("min", sizeText(f.minSize));
  if (sizeText(f.maxSize)) q.set("max", sizeText(f.maxSize));
  const s = q.toString();
  return s ? "?" + s : "";
}

/** Whether there is anything to search for: words, or at least one filter. */
export function hasSearch(f: Filters): boolean {
  return queryOfFilters({ ...f, q: f.q.trim() }) !== "";
}

/** The parameters of GET /api/search for one page of results, or null when there is nothing to search for. */
export function apiParams(f: Filters, offset = 0, limit = 50): Record<string, string> | null {
  if (!hasSearch(f)) return null;
  const p: Record<string, string> = { offset: String(offset), limit: String(limit) };
  if (f.q.trim()) p.q = f.q.trim();
  if (f.type) p.type = f.type;
  if (f.category) p.category = f.category;
  if (DATE.test(f.after)) p.modifiedAfter = f.after;
  if (DATE.test(f.before)) p.modifiedBefore = f.before;
  if (sizeText(f.minSize)) p.minSize = String(Math.round(Number(f.minSize) * MB));
  if (sizeText(f.maxSize)) p.maxSize = String(Math.round(Number(f.maxSize) * MB));
  return p;
}

/** "/Docs/2024/report.pdf" -> "/Docs/2024": where a result sits. */
export function parentPath(path: string): string {
  const i = path.lastIndexOf("/");
  return i <= 0 ? "/" : path.slice(0, i);
}

export const STALE: unique symbol = Symbol("stale");

/**
 * Runs one request at a time: starting a request aborts the one before it, and the answer of a request that was
 * superseded (or cancelled) is never handed back, even when it arrives after the newer one: run() gives STALE.
 */
export class Latest {
  private ctl: AbortController | null = null;
  private seq = 0;

  async run<T>(fn: (signal: AbortSignal) => Promise<T>): Promise<T | typeof STALE> {
    this.ctl?.abort();
    const ctl = new AbortController();
    this.ctl = ctl;
    const id = ++this.seq;
    try {
      const value = await fn(ctl.signal);
      return id === this.seq && !ctl.signal.aborted ? value : STALE;
    } catch (e) {
      if (id !== this.seq || ctl.signal.aborted) return STALE;
      throw e;
    }
  }

  cancel(): void {
    this.seq++;
    this.ctl?.abort();
    this.ctl = null;
  }
}

/** Calls the last function given after ms of quiet. */
export function debouncer(ms: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    schedule(fn: () => void): void {
      clearTimeout(timer);
      timer = setTimeout(fn, ms);
    },
    cancel(): void {
      clearTimeout(timer);
    },
  };
}
