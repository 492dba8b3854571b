import { describe, expect, it } from "vitest";
import { all, click, empty, retain, step } from "./selection";

const order = ["a", "b", "c", "d", "e"];
const ids = (s: { ids: ReadonlySet<string> }) => [...s.ids].sort();

describe("selection", () => {
  it("a plain click selects only that item", () => {
    const s = click(click(empty, order, "a", {}), order, "c", {});
    expect(ids(s)).toEqual(["c"]);
    expect(s.anchor).toBe("c");
  });
  it("ctrl-click toggles one item and moves the anchor", () => {
    let s = click(empty, order, "a", {});
    s = click(s, order, "c", { toggle: true });
    expect(ids(s)).toEqual(["a", "c"]);
    s = click(s, order, "a", { toggle: true });
    expect(ids(s)).toEqual(["c"]);
    expect(s.anchor).toBe("a");
  });
  it("shift-click selects the range from the anchor, either direction", () => {
    let s = click(empty, order, "b", {});
    s = click(s, order, "d", { range: true });
    expect(ids(s)).toEqual(["b", "c", "d"]);
    s = click(s, order, "a", { range: true });
    expect(ids(s)).toEqual(["a", "b"]);
    expect(s.anchor).toBe("b");
  });
  it("ctrl-shift-click adds the range to what was selected", () => {
    let s = click(empty, order, "a", {});
    s = click(s, order, "d", { toggle: true });
    s = click(s, order, "e", { toggle: true, range: true });
    expect(ids(s)).toEqual(["a", "d", "e"]);
  });
  it("select all, then keep only what is still listed", () => {
    const s = retain(all(order), ["a", "c"]);
    expect(ids(s)).toEqual(["a", "c"]);
    expect(s.anchor).toBe("a");
  });
  it("arrow keys move the focus; with shift they extend from the anchor", () => {
    let r = step(empty, order, null, 1, false);
    expect(r.focus).toBe("a");
    r = step(r.sel, order, r.focus, 1, true);
    r = step(r.sel, order, r.focus, 1, true);
    expect(ids(r.sel)).toEqual(["a", "b", "c"]);
    r = step(r.sel, order, r.focus, 5, false);
    expect(r.focus).toBe("e");
    expect(ids(r.sel)).toEqual(["e"]);
  });
});
