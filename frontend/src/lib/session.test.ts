import { beforeEach, describe, expect, it } from "vitest";
import { get } from "svelte/store";
import { expired, toLogin } from "./session";

describe("toLogin", () => {
  beforeEach(() => history.replaceState(null, "", "/files/42?sort=name"));

  it("sends the user to sign in with the way back to where they were", () => {
    toLogin(true);
    expect(location.pathname + location.search).toBe("/login?next=%2Ffiles%2F42%3Fsort%3Dname");
    expect(get(expired)).toBe(true);
  });

  it("keeps the first way back when several requests find the session gone at once", () => {
    toLogin(true);
    toLogin(true);
    expect(location.pathname + location.search).toBe("/login?next=%2Ffiles%2F42%3Fsort%3Dname");
  });
});
