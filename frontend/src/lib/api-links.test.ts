import { describe, expect, it } from "vitest";
import { endOfDay } from "./api-links";

describe("endOfDay", () => {
  it("is the last second of the chosen day in the local time zone", () => {
    const end = new Date(endOfDay("2027-01-31"));
    expect([end.getFullYear(), end.getMonth(), end.getDate()]).toEqual([2027, 0, 31]);
    expect([end.getHours(), end.getMinutes(), end.getSeconds()]).toEqual([23, 59, 59]);
  });
});
