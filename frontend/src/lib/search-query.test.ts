import { afterEach, describe, expect, it, vi } from "vitest";
import {
  apiParams,
  debouncer,
  filtersFromQuery,
  hasSearch,
  Latest,
  NO_FILTERS,
  parentPath,
  queryOfFilters,
  STALE,
} from "./search-query";

describe("filters in the address", () => {
  it("round-trips every filter", () => {
    const f = {
      q: "rapport fin",
      type: "file" as const,
      category: "pdf" as const,
      after: "2024-01-01",
      before: "2024-12-31",
      minSize: "1",
      maxSize: "2.5",
    };
    const query = queryOfFilters(f);
    expect(query).toBe("?q=rapport+fin&type=file&category=pdf&after=2024-01-01&before=2024-12-31&min=1&max=2.5");
    expect(filtersFromQuery(new URLSearchParams(query))).toEqual(f);
  });
  it("drops what is malformed", () => {
    expect(filtersFromQuery(new URLSearchParams("q=a&type=x&category=car&after=yesterday&min=-3&max=lots"))).toEqual({
      ...NO_FILTERS,
      q: "a",
    });
  });
  it("gives an empty query without words or filters", () => {
    expect(queryOfFilters(NO_FILTERS)).toBe("");
    expect(queryOfFilters({ ...NO_FILTERS, q: "   " })).toBe("");
    expect(hasSearch({ ...NO_FILTERS, q: "  " })).toBe(false);
    expect(hasSearch({ ...NO_FILTERS, type: "folder" })).toBe(true);
  });
});

describe("apiParams", () => {
  it("is null when there is nothing to search for", () => {
    expect(apiParams(NO_FILTERS)).toBeNull();
  });
  it("names the API's parameters and sends sizes in bytes", () => {
    expect(
      apiParams({ ...NO_FILTERS, q: " notes ", after: "2024-05-01", before: "2024-05-31", minSize: "0.5", maxSize: "3" }, 50, 25),
    ).toEqual({
      q: "notes",
      offset: "50",
      limit: "25",
      modifiedAfter: "2024-05-01",
      modifiedBefore: "2024-05-31",
      minSize: String(512 * 1024),
      maxSize: String(3 * 1024 * 1024),
    });
  });
  it("searches by filters alone", () => {
    expect(apiParams({ ...NO_FILTERS, category: "image" })).toEqual({ offset: "0", limit: "50", category: "image" });
  });
});

describe("parentPath", () => {
  it("gives the folder of a path", () => {
    expect(parentPath("/Docs/2024/report.pdf")).toBe("/Docs/2024");
    expect(parentPath("/report.pdf")).toBe("/");
    expect(parentPath("")).toBe("/");
  });
});

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((a, b) => {
    resolve = a;
    reject = b;
  });
  return { promise, resolve, reject };
}

describe("Latest", () => {
  it("aborts a superseded request and discards its late answer", async () => {
    const latest = new Latest();
    const first = deferred<string>();
    const second = deferred<string>();
    const signals: AbortSignal[] = [];
    const a = latest.run((s) => (signals.push(s), first.promise));
    const b = latest.run((s) => (signals.push(s), second.promise));
    expect(signals[0].aborted).toBe(true);
    expect(signals[1].aborted).toBe(false);
    second.resolve("new");
    first.resolve("old"); // arrives last
    expect(await b).toBe("new");
    expect(await a).toBe(STALE);
  });
  it("turns the abort error of a superseded request into STALE, and passes on the newest one's error", async () => {
    const latest = new Latest();
    const a = latest.run(
      (s) =>
        new Promise<string>((_, reject) => s.addEventListener("abort", () => reject(new DOMException("x", "AbortError")))),
    );
    const b = latest.run(() => Promise.reject(new Error("boom")));
    expect(await a).toBe(STALE);
    await expect(b).rejects.toThrow("boom");
  });
  it("cancel() aborts and discards the running request", async () => {
    const latest = new Latest();
    const d = deferred<number>();
    let signal: AbortSignal | undefined;
    const a = latest.run((s) => ((signal = s), d.promise));
    latest.cancel();
    expect(signal?.aborted).toBe(true);
    d.resolve(1);
    expect(await a).toBe(STALE);
  });
});

describe("debouncer", () => {
  afterEach(() => vi.useRealTimers());
  it("runs only the last call, after the quiet time", () => {
    vi.useFakeTimers();
    const d = debouncer(200);
    const calls: string[] = [];
    d.schedule(() => calls.push("a"));
    vi.advanceTimersByTime(150);
    d.schedule(() => calls.push("b"));
    vi.advanceTimersByTime(150);
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(60);
    expect(calls).toEqual(["b"]);
    d.schedule(() => calls.push("c"));
    d.cancel();
    vi.advanceTimersByTime(500);
    expect(calls).toEqual(["b"]);
  });
});
