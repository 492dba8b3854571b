import { expect, test } from "@playwright/test";
import { dropUser, newUser, Rest, signIn, snapshot, unique, type TestUser } from "./fixtures";

let user: TestUser;
test.beforeEach(async ({ request }) => {
  user = await newUser(request, "search");
});
test.afterEach(async ({ request }) => {
  await dropUser(request, user);
});

test("search finds a seeded file by name as you type; the query lives in the address", async ({ page, request }) => {
  const rest = await Rest.as(request, user.username, user.password);
  const reports = await rest.folder(await rest.root(), "Reports");
  const name = `${unique("quarterly")}.txt`;
  await rest.put(reports, name, "numbers\n");
  // the index follows within a second or two
  await expect
    .poll(async () => (await rest.json<{ total: number }>("GET", `/search?q=${encodeURIComponent(name)}`)).total, {
      timeout: 20_000,
    })
    .toBe(1);

  await signIn(page, user.username, user.password);
  await page.goto("/search");
  const box = page.getByRole("combobox", { name: "Search for" });
  await box.pressSequentially(name.slice(0, 14), { delay: 40 });
  const hit = page.getByRole("link", { name });
  await expect(hit).toBeVisible();
  await expect(hit).toHaveAttribute("href", `/files/${reports}`);
  await expect(page.getByRole("row").filter({ hasText: name })).toContainText("/Reports");
  await expect(page).toHaveURL(/\/search\?q=quarterly-/);
  await snapshot(page, "search");

  // reload keeps it
  await page.reload();
  await expect(page.getByRole("combobox", { name: "Search for" })).toHaveValue(name.slice(0, 14));
  await expect(page.getByRole("link", { name })).toBeVisible();

  // a filter that excludes it
  await page.getByRole("button", { name: "Filters" }).click();
  await page.getByLabel("Type").selectOption("folder");
  await expect(page.getByRole("link", { name })).toHaveCount(0);
  await expect(page).toHaveURL(/type=folder/);
});
