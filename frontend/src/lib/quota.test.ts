import { describe, expect, it } from "vitest";
import { bytesFromUnits, gbOfQuota, quotaFromGb, sizeInUnits } from "./quota";
import { folderHref } from "./api-pages";

describe("quotas in gigabytes", () => {
  it("reads whole and decimal gigabytes, empty as none", () => {
    expect(quotaFromGb("1")).toBe(1024 ** 3);
    expect(quotaFromGb(" 1.5 ")).toBe(1.5 * 1024 ** 3);
    expect(quotaFromGb("0,5")).toBe(0.5 * 1024 ** 3);
    expect(quotaFromGb("0")).toBe(0);
    expect(quotaFromGb("")).toBeNull();
  });
  it("refuses what is not a size", () => {
    expect(quotaFromGb("-1")).toBeUndefined();
    expect(quotaFromGb("ten")).toBeUndefined();
    expect(quotaFromGb("1e3")).toBeUndefined();
  });
  it("shows bytes as gigabytes", () => {
    expect(gbOfQuota(null)).toBe("");
    expect(gbOfQuota(2 * 1024 ** 3)).toBe("2");
    expect(gbOfQuota(1.25 * 1024 ** 3)).toBe("1.25");
  });
});

describe("folderHref", () => {
  it("opens a folder itself and a file's folder", () => {
    expect(folderHref({ id: 7, type: "folder", parentId: 1 })).toBe("/files/7");
    expect(folderHref({ id: 9, type: "file", parentId: 7 })).toBe("/files/7");
  });
});

describe("sizes in binary units", () => {
  it("picks the largest exact unit", () => {
    expect(sizeInUnits(5 * 1024 ** 3)).toEqual({ amount: "5", unit: "GiB" });
    expect(sizeInUnits(1.5 * 1024 ** 4)).toEqual({ amount: "1.5", unit: "TiB" });
    expect(sizeInUnits(512 * 1024 ** 2)).toEqual({ amount: "512", unit: "MiB" });
  });
  it("reads amounts back", () => {
    expect(bytesFromUnits("1.5", "GiB")).toBe(1610612736);
    expect(bytesFromUnits("100", "MiB")).toBe(104857600);
    expect(bytesFromUnits("-1", "GiB")).toBeUndefined();
    expect(bytesFromUnits("lots", "GiB")).toBeUndefined();
  });
});
