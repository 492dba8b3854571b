// History routing: the server answers every app route with index.html, the app picks the page from the path.
import { writable, type Readable } from "svelte/store";

export interface Route {
  path: string;
  query: URLSearchParams;
}

function current(): Route {
  return { path: location.pathname, query: new URLSearchParams(location.search) };
}

const store = writable<Route>(current());
export const route: Readable<Route> = store;

export function navigate(to: string, replace = false): void {
  if (to === location.pathname + location.search) return;
  if (replace) history.replaceState(null, "", to);
  else history.pushState(null, "", to);
  store.set(current());
}

addEventListener("popstate", () => store.set(current()));

/** Same-origin links inside the app navigate without reloading (modifier keys keep the browser's behaviour). */
export function interceptLinks(root: HTMLElement): void {
  root.addEventListener("click", (e) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const a = (e.target as Element).closest("a");
    if (!a || a.target || a.hasAttribute("download") || a.origin !== location.origin) return;
    if (a.pathname.startsWith("/api/") || a.pathname.startsWith("/dav/")) return;
    e.preventDefault();
    navigate(a.pathname + a.search);
  });
}

/** "/files/abc" -> ["files", "abc"] */
export function segments(path: string): string[] {
  return path.split("/").filter(Boolean).map(decodeURIComponent);
}
