// What kind of file an item is, for previews and icons.
import type { Item } from "./api";

export type Kind = "folder" | "image" | "text" | "markdown" | "pdf" | "audio" | "video" | "none";

export function kindOf(item: Pick<Item, "type" | "name" | "mimeType"> | undefined): Kind {
  if (!item) return "none";
  if (item.type === "folder") return "folder";
  const m = item.mimeType ?? "";
  const name = item.name.toLowerCase();
  if (name.endsWith(".md") || name.endsWith(".markdown") || m === "text/markdown") return "markdown";
  if (m.startsWith("image/") && m !== "image/heic" && m !== "image/heif") return "image";
  if (m === "application/pdf") return "pdf";
  if (m.startsWith("audio/")) return "audio";
  if (m.startsWith("video/")) return "video";
  if (m.startsWith("text/") || m === "application/json" || m === "application/xml") return "text";
  return "none";
}

/** Images the server can make a thumbnail of. */
export function hasThumbnail(item: Item): boolean {
  return kindOf(item) === "image";
}
