import { expect, test } from "@playwright/test";
import { Rest, signIn, unique } from "./fixtures";

// Sharing with a user (issue 10, part 9): the owner shares a folder from the files page's context menu, finding the
// user as they type; the recipient finds it under "Shared with me", opens it, may not write as a viewer, leaves it
// and brings it back; the owner changes the role and removes the share from "Shared by me".
test("share a folder with a user, who sees it under Shared with me", async ({ page, browser, request }) => {
  const admin = await Rest.as(request);
  const friend = unique("friend").toLowerCase();
  const password = "friend-password-1";
  await admin.json("POST", "/admin/users", { username: friend, password });
  const folderName = unique("Shared folder");
  const base = await admin.folder(await admin.root(), unique("sharing"));
  const folder = await admin.folder(base, folderName);
  await admin.put(folder, "inside.txt", "hello from the owner\n");

  await signIn(page);
  await page.goto(`/files/${base}`);
  await page.getByRole("link", { name: folderName, exact: true }).click({ button: "right" });
  await page.getByRole("menuitem", { name: "Share…" }).click();
  const dialog = page.getByRole("dialog", { name: `Share “${folderName}”` });
  await dialog.getByLabel("Share with a user or group").fill(friend.slice(0, 8));
  await dialog.getByRole("button", { name: friend }).click();
  await dialog.locator("form").getByRole("combobox").selectOption("viewer");
  await dialog.getByRole("button", { name: "Share", exact: true }).click();
  await expect(dialog.getByRole("status")).toHaveText(`Shared “${folderName}” with ${friend}.`);
  await expect(dialog.getByLabel(`Role of ${friend}`)).toHaveValue("viewer");
  await page.screenshot({ path: "test-results/share-dialog.png" });
  await dialog.getByRole("button", { name: "Close" }).click();

  // the recipient, in a browser of their own
  const theirs = await browser.newContext();
  const other = await theirs.newPage();
  await signIn(other, friend, password);
  await other.goto("/shared");
  const row = other.getByRole("row").filter({ hasText: folderName });
  await expect(row).toContainText("Can view");
  await other.screenshot({ path: "test-results/shared-with-me.png" });
  await row.getByRole("link", { name: folderName }).click();
  await expect(other.getByRole("button", { name: "inside.txt" })).toBeVisible();
  const friendRest = await Rest.as(other.request, friend, password);
  const refused = await other.request.post(`/api/files/${folder}/folders`, {
    data: { name: "planted" },
    headers: await friendRest.auth(),
  });
  expect(refused.status()).toBe(403);

  // leave, then bring back
  await other.goto("/shared");
  await other.getByRole("button", { name: `Leave “${folderName}”` }).click();
  await expect(other.getByRole("row").filter({ hasText: folderName })).toHaveCount(0);
  await other.getByLabel("Show items I left").check();
  await other.getByRole("button", { name: `Bring back “${folderName}”` }).click();
  await other.getByLabel("Show items I left").uncheck();
  await expect(other.getByRole("row").filter({ hasText: folderName })).toHaveCount(1);

  // the owner makes them an editor, then stops sharing
  await page.goto(`/files/${base}`);
  await page.getByRole("link", { name: folderName, exact: true }).click({ button: "right" });
  await page.getByRole("menuitem", { name: "Share…" }).click();
  await dialog.getByLabel(`Role of ${friend}`).selectOption("editor");
  await expect(dialog.getByRole("status")).toHaveText(`${friend} now: Can edit.`);
  await dialog.getByRole("button", { name: "Close" }).click();
  const created = await other.request.post(`/api/files/${folder}/folders`, {
    data: { name: "by the editor" },
    headers: await friendRest.auth(),
  });
  expect(created.status()).toBe(201);

  await page.goto("/shared/by-me");
  await page.getByRole("button", { name: `Stop sharing “${folderName}” with ${friend}` }).click();
  await expect(page.getByRole("row").filter({ hasText: folderName })).toHaveCount(0);
  const gone = await other.request.get(`/api/files/${folder}`, { headers: await friendRest.auth() });
  expect(gone.status()).toBe(404);
  await theirs.close();
});
