import { describe, expect, it } from "vitest";
import { plural, t } from "./i18n";

describe("messages", () => {
  it("fills placeholders and leaves unknown ones visible", () => {
    expect(t("login.locked", { seconds: 30 })).toBe("Too many failed attempts. Try again in 30 seconds.");
    expect(t("login.locked")).toBe("Too many failed attempts. Try again in {seconds} seconds.");
  });
  it("chooses the plural form and groups thousands", () => {
    expect(plural("files.items", 1)).toBe("1 item");
    expect(plural("files.items", 0)).toBe("0 items");
    expect(plural("files.items", 1000)).toBe("1,000 items");
  });
});
