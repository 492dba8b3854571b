// Every string the app shows comes from a message catalogue; English is the first and the fallback.
import { en, type MessageKey } from "./messages/en";

type Catalogue = Partial<Record<MessageKey, string>>;

const catalogues: Record<string, Catalogue> = { en };
let active: Catalogue = en;

export function setLocale(tag: string): void {
  active = catalogues[tag] ?? catalogues[tag.split("-")[0]] ?? en;
}

/** The message for key, with {name} placeholders filled from params. */
export function t(key: MessageKey, params: Record<string, string | number> = {}): string {
  const text = active[key] ?? en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}

/** "1 file" / "3 files": key_one / key_other, as Intl.PluralRules chooses. */
export function plural(key: string, count: number, params: Record<string, string | number> = {}): string {
  const form = new Intl.PluralRules("en").select(count) === "one" ? "one" : "other";
  return t(`${key}_${form}` as MessageKey, { count: count.toLocaleString("en"), ...params });
}
