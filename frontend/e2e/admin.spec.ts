import { expect, test } from "@playwright/test";
import { ADMIN, Rest, signIn, snapshot, unique } from "./fixtures";

test("an admin creates a user, who then signs in through the page", async ({ page, request }) => {
  const username = unique("made").toLowerCase();
  await signIn(page);
  await page.goto("/admin");
  await page.getByRole("button", { name: "New user" }).click();
  const dialog = page.getByRole("dialog", { name: "New user" });
  await dialog.getByLabel("Username").fill(username);
  await dialog.getByLabel("Display name").fill("Made In Test");
  await dialog.getByLabel("Password").fill("made-password-1");
  await dialog.getByLabel("Quota (GB, empty for none)").fill("1");
  await dialog.getByRole("button", { name: "Create user" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Created the user “${username}”.` })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: username });
  await expect(row).toContainText("User");
  await expect(row).toContainText("of 1.0 GB");
  await snapshot(page, "admin");

  // edit the quota
  await page.getByRole("button", { name: `Edit ${username}` }).click();
  await page.getByRole("dialog").getByLabel("Quota (GB, empty for none)").fill("2");
  await page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
  await expect(row).toContainText("of 2.0 GB");

  await page.getByRole("button", { name: "Sign out" }).click();
  await signIn(page, username, "made-password-1");
  await expect(page.getByText("Made In Test")).toBeVisible();

  // tidy up
  const admin = await Rest.as(request, ADMIN.username, ADMIN.password);
  const list = await admin.json<{ users: { id: string; username: string }[] }>("GET", "/admin/users?limit=500");
  const id = list.users.find((u) => u.username === username)!.id;
  await admin.json("DELETE", `/admin/users/${id}`);
});

test("disable, enable, promote and delete a user with confirmation", async ({ page, request }) => {
  const admin = await Rest.as(request);
  const username = unique("gone").toLowerCase();
  const u = await admin.json<{ id: string }>("POST", "/admin/users", { username, password: "gone-password-1" });
  await signIn(page);
  await page.goto("/admin");
  const row = page.getByRole("row").filter({ hasText: username });
  await page.getByRole("button", { name: `Disable ${username}` }).click();
  await expect(row).toContainText("Disabled");
  await page.getByRole("button", { name: `Enable ${username}` }).click();
  await expect(row).toContainText("Enabled");
  // promote to admin through the edit dialog; the server holds the new role
  await page.getByRole("button", { name: `Edit ${username}` }).click();
  await page.getByRole("dialog").getByLabel("Role").selectOption("admin");
  await page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(row).toContainText("Admin");
  expect((await admin.json<{ role: string }>("GET", `/admin/users/${u.id}`)).role).toBe("admin");
  await page.getByRole("button", { name: `Delete ${username}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(row).toHaveCount(0);
  const r = await request.get(`/api/admin/users/${u.id}`, {
    headers: { Authorization: `Bearer ${(await (await request.post("/api/auth/login", { data: { username: ADMIN.username, password: ADMIN.password, mode: "token" } })).json()).accessToken}` },
  });
  expect(r.status()).toBe(404);
});

test("server settings: a new default quota applies to the next user created through the page, then is reset", async ({
  page,
  request,
}) => {
  const admin = await Rest.as(request);
  const username = unique("defq").toLowerCase();
  await admin.json("DELETE", "/admin/settings/defaultQuotaBytes"); // from a known state: the default
  await signIn(page);
  await page.goto("/admin");
  const settings = page.getByRole("region", { name: "Server settings" });
  const quota = settings.getByRole("group", { name: "Default quota for new users" });
  await expect(settings.getByText("Data directory")).toBeVisible();
  await quota.getByRole("checkbox", { name: "Unlimited" }).uncheck();
  await quota.getByRole("textbox", { name: "Default quota for new users" }).fill("7");
  await quota.getByRole("combobox").selectOption("GiB");
  await settings.getByRole("button", { name: "Save settings" }).click();
  await expect(settings.getByRole("status")).toHaveText("Saved the server settings.");
  await expect(quota).toContainText("set here by admin");
  await snapshot(page, "admin-settings");

  // a bad value: the server's message, nothing saved
  const retention = settings.getByRole("group", { name: "Keep trashed items for (days)" });
  await retention.getByRole("textbox").fill("-5");
  await settings.getByRole("button", { name: "Save settings" }).click();
  await expect(settings.getByRole("alert")).toContainText("Keep trashed items for (days)");

  // the next user made through the page gets it
  await page.goto("/admin");
  await page.getByRole("button", { name: "New user", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "New user" });
  await dialog.getByLabel("Username").fill(username);
  await dialog.getByLabel("Password").fill("made-password-1");
  await dialog.getByRole("button", { name: "Create user" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Created the user “${username}”.` })).toBeVisible();
  const list = await admin.json<{ users: { id: string; username: string; quotaBytes?: number }[] }>(
    "GET",
    "/admin/users?limit=500",
  );
  const made = list.users.find((u) => u.username === username)!;
  expect(made.quotaBytes).toBe(7 * 1024 ** 3);

  // reset to the default
  await settings.getByRole("button", { name: "Reset Default quota for new users to default" }).click();
  await expect(quota).toContainText("built-in default");
  const after = await admin.json<{ settings: { key: string; source: string }[] }>("GET", "/admin/settings");
  expect(after.settings.find((s) => s.key === "defaultQuotaBytes")!.source).toBe("default");
  await admin.json("DELETE", `/admin/users/${made.id}`);
});
