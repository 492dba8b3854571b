import { expect, test } from "@playwright/test";
import { basic, dropUser, newUser, signIn, snapshot, type TestUser } from "./fixtures";

let user: TestUser;
test.beforeEach(async ({ request }) => {
  user = await newUser(request, "profile");
});
test.afterEach(async ({ request }) => {
  await dropUser(request, user);
});

test("an app password is shown once, works for WebDAV, and stops working when revoked", async ({ page, request }) => {
  await signIn(page, user.username, user.password);
  await page.goto("/profile");
  const origin = new URL(page.url()).origin;
  await expect(page.getByRole("textbox", { name: "WebDAV (files)" })).toHaveValue(`${origin}/dav/files/${user.username}/`);
  await expect(page.getByRole("textbox", { name: "CalDAV (calendars)" })).toHaveValue(`${origin}/dav/calendars/${user.username}/`);
  await expect(page.getByRole("textbox", { name: "CardDAV (contacts)" })).toHaveValue(`${origin}/dav/addressbooks/${user.username}/`);
  await expect(page.getByRole("textbox", { name: "Nextcloud apps (server address)" })).toHaveValue(`${origin}/nextcloud`);
  await expect(page.getByRole("meter", { name: "Storage" }).or(page.getByText(/used/).first())).toBeVisible();

  await page.getByLabel("Name of the device or app").fill("e2e laptop");
  await page.getByRole("button", { name: "Create app password" }).click();
  const secretBox = page.getByRole("region", { name: "New app password" });
  await expect(secretBox).toContainText("shown only once");
  const secret = await secretBox.getByRole("textbox", { name: "App password for “e2e laptop”" }).inputValue();
  expect(secret.length).toBeGreaterThan(10);
  await snapshot(page, "profile");

  const propfind = () =>
    request.fetch(`/dav/files/${user.username}/`, {
      method: "PROPFIND",
      headers: { Authorization: basic(user.username, secret), Depth: "0" },
    });
  expect((await propfind()).status()).toBe(207);

  // shown once: after a reload only the label is left
  await page.reload();
  await expect(page.getByRole("region", { name: "New app password" })).toHaveCount(0);
  await expect(page.getByRole("cell", { name: "e2e laptop", exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Revoke “e2e laptop”" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Revoke" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Revoked the app password" })).toBeVisible();
  expect((await propfind()).status()).toBe(401);
});

test("change the password; the other sessions are signed out", async ({ page, request }) => {
  const other = await request.post("/api/auth/login", {
    data: { username: user.username, password: user.password, mode: "token" },
  });
  const token = (await other.json()).accessToken;
  await signIn(page, user.username, user.password);
  await page.goto("/profile");
  await expect(page.getByText("this session")).toBeVisible();
  await page.getByLabel("Current password").fill(user.password);
  await page.getByLabel("New password", { exact: true }).fill("a-new-password-1");
  await page.getByLabel("Repeat the new password").fill("a-new-password-1");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Your other sessions were signed out.")).toBeVisible();
  const me = await request.get("/api/auth/me", { headers: { Authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(401);
});

test("revoking another session from the profile signs that browser out on its next request", async ({ page, browser }) => {
  // a second browser, signed in as the same user
  const laptop = await browser.newContext({ userAgent: "E2E-Laptop/1.0" });
  const other = await laptop.newPage();
  await signIn(other, user.username, user.password);

  await signIn(page, user.username, user.password);
  await page.goto("/profile");
  await page.getByRole("button", { name: "Sign out E2E-Laptop/1.0" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Session signed out." })).toBeVisible();
  await expect(page.getByText("E2E-Laptop/1.0")).toHaveCount(0);

  // the other browser's next page load finds its session gone
  await other.goto("/profile");
  await expect(other).toHaveURL(/\/login/);
  // and this one is still signed in
  await page.reload();
  await expect(page.getByText("this session")).toBeVisible();
  await laptop.close();
});
