// Sizes and dates as people read them, in the browser's locale.

const UNITS = ["B", "KB", "MB", "GB", "TB", "PB"];

/** 1536 -> "1.5 KB" (powers of 1024, one decimal under 10, none above) */
export function formatBytes(n: number | null | undefined): string {
  if (n == null || !Number.isFinite(n) || n < 0) return "";
  let i = 0;
  let v = n;
  while (v >= 1024 && i < UNITS.length - 1) {
    v /= 1024;
    i++;
  }
  if (i === 0) return `${n} B`;
  return `${v < 10 ? v.toFixed(1) : Math.round(v)} ${UNITS[i]}`;
}

/** A time relative to now while it is recent ("5 minutes ago"), else a short date. */
export function formatDate(iso: string, now: Date = new Date(), locale?: string): string {
  const t = new Date(iso);
  if (Number.isNaN(t.getTime())) return "";
  const seconds = Math.round((t.getTime() - now.getTime()) / 1000);
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
  const abs = Math.abs(seconds);
  if (abs < 60) return rtf.format(seconds, "second");
  if (abs < 3600) return rtf.format(Math.round(seconds / 60), "minute");
  if (abs < 86400) return rtf.format(Math.round(seconds / 3600), "hour");
  if (abs < 7 * 86400) return rtf.format(Math.round(seconds / 86400), "day");
  return t.toLocaleDateString(locale, { year: "numeric", month: "short", day: "numeric" });
}

/** The percentage of a quota used, 0-100, or null without a quota. */
export function usagePercent(used: number, quota: number | null): number | null {
  if (quota == null || quota <= 0) return null;
  return Math.min(100, Math.round((used / quota) * 1000) / 10);
}
