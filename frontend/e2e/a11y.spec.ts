import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { signIn, snapshot } from "./fixtures";

const PAGES = [
  ["files", "/files"],
  ["trash", "/trash"],
  ["search", "/search?q=a"],
  ["profile", "/profile"],
  ["admin", "/admin"],
  ["calendar", "/calendar"],
  ["contacts", "/contacts"],
  ["shared", "/shared"],
  ["shared-by-me", "/shared/by-me"],
] as const;

for (const theme of ["light", "dark"] as const) {
  test(`no serious or critical axe violations (${theme})`, async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem("nubo.theme", t), theme);
    await signIn(page);
    for (const [name, path] of PAGES) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }).or(page.getByRole("region", { name: "Files" }))).toBeVisible();
      await page.waitForTimeout(500);
      // @axe-core/playwright types its page against its own playwright-core copy; the object is the same at run time
      const result = await new AxeBuilder({ page } as unknown as ConstructorParameters<typeof AxeBuilder>[0]).analyze();
      const bad = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(bad.map((v) => `${name}: ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
      if (theme === "dark") await snapshot(page, `a11y-${name}-dark`);
    }
  });
}

test("the pages fit a 375 px wide phone", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page);
  for (const [, path] of PAGES.slice(1)) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});
