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

export const SIZE_UNITS = { MiB: 1024 ** 2, GiB: 1024 ** 3, TiB: 1024 ** 4 } as const;
export type SizeUnit = keyof typeof SIZE_UNITS;

/** 5368709120 -> { amount: "5", unit: "GiB" }: the largest unit that shows the size exactly to 3 decimals. */
export function sizeInUnits(bytes: number): { amount: string; unit: SizeUnit } {
  for (const unit of ["TiB", "GiB"] as const) {
    const v = bytes / SIZE_UNITS[unit];
    if (v >= 1 && Math.round(v * 1000) === v * 1000) return { amount: String(v), unit };
  }
  return { amount: String(Math.round((bytes / SIZE_UNITS.MiB) * 1000) / 1000), unit: "MiB" };
}

/** "1.5", "GiB" -> 1610612736; anything but a non-negative number -> undefined. */
export function bytesFromUnits(amount: string, unit: SizeUnit): number | undefined {
  const s = amount.trim().replace(",", ".");
  if (!/^\d+(\.\d+)?$/.test(s)) return undefined;
  return Math.round(Number(s) * SIZE_UNITS[unit]);
}
