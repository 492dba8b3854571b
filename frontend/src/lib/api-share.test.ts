import { describe, expect, it } from "vitest";
import { dayOf, endOfDay, partyName } from "./api-share";

describe("share expiry dates", () => {
  it("ends a chosen day at its last second in the browser's time zone", () => {
    const iso = endOfDay("2027-03-09");
    expect(iso).not.toBeNull();
    const t = new Date(iso!);
    expect([t.getFullYear(), t.getMonth(), t.getDate(), t.getHours(), t.getMinutes()]).toEqual([2027, 2, 9, 23, 59]);
  });

  it("means no expiry for an empty date", () => {
    expect(endOfDay("")).toBeNull();
    expect(dayOf(null)).toBe("");
  });

  it("round-trips a day through the API's instant", () => {
    expect(dayOf(endOfDay("2030-12-31"))).toBe("2030-12-31");
    expect(dayOf(endOfDay("2028-02-29"))).toBe("2028-02-29");
  });
});

describe("party names", () => {
  it("shows the display name with the name, or the name alone", () => {
    expect(partyName({ type: "user", id: "1", name: "alice", displayName: "Alice A." })).toBe("Alice A. (alice)");
    expect(partyName({ type: "group", id: "2", name: "team", displayName: "team" })).toBe("team");
    expect(partyName({ type: "user", id: "3", name: "bob", displayName: null })).toBe("bob");
  });
});
