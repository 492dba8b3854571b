import { describe, expect, it } from "vitest";
import { formatBytes, formatDate, usagePercent } from "./format";

describe("formatBytes", () => {
  it("keeps bytes whole and scales by 1024", () => {
    expect(formatBytes(0)).toBe("0 B");
    expect(formatBytes(1023)).toBe("1023 B");
    expect(formatBytes(1024)).toBe("1.0 KB");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(50 * 1024 * 1024)).toBe("50 MB");
    expect(formatBytes(3 * 1024 ** 4)).toBe("3.0 TB");
  });
  it("shows nothing for what is not a size", () => {
    expect(formatBytes(null)).toBe("");
    expect(formatBytes(-1)).toBe("");
    expect(formatBytes(Number.NaN)).toBe("");
  });
});

describe("formatDate", () => {
  const now = new Date("2026-12-05T12:00:00Z");
  it("says how long ago a recent time was", () => {
    expect(formatDate("2026-12-05T11:55:00Z", now, "en")).toBe("5 minutes ago");
    expect(formatDate("2026-12-05T09:00:00Z", now, "en")).toBe("3 hours ago");
    expect(formatDate("2026-12-04T12:00:00Z", now, "en")).toBe("yesterday");
  });
  it("gives older times as a date", () => {
    expect(formatDate("2026-01-15T12:00:00Z", now, "en")).toBe("Jan 15, 2026");
  });
  it("ignores what is not a date", () => {
    expect(formatDate("not a date", now, "en")).toBe("");
  });
});

describe("usagePercent", () => {
  it("is null without a quota and capped at 100", () => {
    expect(usagePercent(5, null)).toBeNull();
    expect(usagePercent(5, 0)).toBeNull();
    expect(usagePercent(1, 3)).toBe(33.3);
    expect(usagePercent(7, 5)).toBe(100);
  });
});
