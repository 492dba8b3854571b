// Quotas as an administrator types them: gigabytes (1024³ bytes), empty for none.

const GB = 1024 ** 3;

/** "1.5" -> 1610612736, "" -> null (no quota), anything else -> undefined (invalid). */
export function quotaFromGb(text: string): number | null | undefined {
  const s = text.trim().replace(",", ".");
  if (s === "") return null;
  if (!/^\d+(\.\d+)?$/.test(s)) return undefined;
  return Math.round(Number(s) * GB);
}

/** 1610612736 -> "1.5", null -> "" */
export function gbOfQuota(bytes: number | null): string {
  if (bytes === null) return "";
  return String(Math.round((bytes / GB) * 1000) / 1000);
}
