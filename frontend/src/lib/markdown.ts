// Markdown to safe HTML, for the preview. Loaded on demand (a separate chunk), so the files page's first load does
// not carry the parser and the sanitizer.
import { marked } from "marked";
import DOMPurify from "dompurify";

export function renderMarkdown(source: string): string {
  return DOMPurify.sanitize(marked.parse(source, { async: false }) as string);
}
