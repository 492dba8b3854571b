// What the parts of the files page (pages/Files.svelte) share: how the listing is sorted and shown, which dialog
// is open, where a context menu opens, and the download of a selection.
import { contentUrl, zipUrl, type Item } from "../../lib/api";
import type { Conflict } from "../../lib/uploads";

export type Sort = "name" | "size" | "modified";
export type Order = "asc" | "desc";
export type View = "list" | "grid";

/** the answer to a name that is taken: for this entry, or (an upload's) for every later one too */
export interface Answer {
  choice: Conflict;
  forAll: boolean;
}

/** the dialog open on the files page, at most one */
export type Dialog =
  | { kind: "newFolder" }
  | { kind: "rename"; item: Item }
  | { kind: "pick"; action: "move" | "copy"; ids: number[] }
  | { kind: "conflict"; name: string; forAll: boolean; resolve: (a: Answer) => void };

/** where the context menu opens, in viewport pixels */
export interface MenuAt {
  x: number;
  y: number;
}

/** Downloads one file as itself, anything else (several entries, a folder) as one ZIP. */
export function downloadItems(items: Item[]): void {
  const one = items.length === 1 && items[0].type === "file";
  const a = document.createElement("a");
  a.href = one ? contentUrl(items[0].id, true) : zipUrl(items.map((s) => s.id));
  a.download = "";
  document.body.append(a);
  a.click();
  a.remove();
}
