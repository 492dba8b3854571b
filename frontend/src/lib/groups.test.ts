import { describe, expect, it } from "vitest";
import { candidates, type GroupDetail, type Sharees } from "./groups";

const detail: GroupDetail = {
  group: { id: "g0", name: "team", displayName: "Team", createdAt: "", userMembers: 1, groupMembers: 1 },
  users: [{ id: "u1", username: "alice", displayName: "Alice", enabled: true }],
  groups: [{ id: "g1", name: "staff", displayName: "Staff" }],
  effectiveUsers: 1,
};

const hits: Sharees = {
  users: [
    { id: "u1", username: "alice", displayName: "Alice" },
    { id: "u2", username: "alina", displayName: "Alina" },
  ],
  groups: [
    { id: "g0", name: "team", displayName: "Team" },
    { id: "g1", name: "staff", displayName: "Staff" },
    { id: "g2", name: "all", displayName: "All" },
  ],
};

describe("candidates", () => {
  it("leaves out direct members and the group itself, users first", () => {
    expect(candidates(hits, detail, "al").map((c) => `${c.kind}:${c.id}`)).toEqual(["users:u2", "groups:g2"]);
  });

  it("offers the signed-in admin when the query matches them (the search never returns the caller)", () => {
    const me = { id: "u9", username: "admin", displayName: "Administrator" };
    expect(candidates(hits, detail, "ADM", me)[0]).toEqual({
      kind: "users",
      id: "u9",
      name: "admin",
      displayName: "Administrator",
    });
    expect(candidates(hits, detail, "zz", me).some((c) => c.id === "u9")).toBe(false);
  });

  it("does not offer the admin twice, nor when already a member", () => {
    const me = { id: "u1", username: "alice", displayName: "Alice" };
    expect(candidates(hits, detail, "ali", me).filter((c) => c.kind === "users").map((c) => c.id)).toEqual(["u2"]);
  });
});
