// First run: a server started without NUBO_ADMIN_PASSWORD (run.sh starts one, NUBO_FRESH_URL) generates a one-time
// admin password; the first sign-in with it must replace it before anything else.
import { expect, test } from "@playwright/test";

const url = process.env.NUBO_FRESH_URL;
const oneTime = process.env.NUBO_FRESH_PASSWORD;
if (!url || !oneTime) throw new Error("NUBO_FRESH_URL and NUBO_FRESH_PASSWORD come from frontend/e2e/run.sh");
test.use({ baseURL: url });

test("first run: the one-time admin password must be replaced before the app opens", async ({ page, request }) => {
  expect(await (await request.get("/api/setup")).json()).toEqual({ setupPending: true });
  await page.goto("/");
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText("First start: sign in as the administrator")).toBeVisible();
  await page.getByLabel("Username").fill("admin");
  await page.getByLabel("Password").fill(oneTime);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/setup$/);
  await page.screenshot({ path: "test-results/setup.png" });

  // the rest of the app stays closed until the password is replaced
  await page.goto("/files");
  await expect(page).toHaveURL(/\/setup$/);

  await page.getByLabel("Current password").fill(oneTime);
  await page.getByLabel("New password", { exact: true }).fill("first-admin-password-1");
  await page.getByLabel("Repeat the new password").fill("not-the-same-1");
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page.getByRole("alert")).toHaveText("The two passwords differ.");
  await page.getByLabel("Repeat the new password").fill("first-admin-password-1");
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page).toHaveURL(/\/files$/);
  await expect(page.getByRole("navigation", { name: "Folder path" })).toContainText("Home");
  expect(await (await request.get("/api/setup")).json()).toEqual({ setupPending: false });

  // the one-time password is gone, the new one works
  const old = await request.post("/api/auth/login", { data: { username: "admin", password: oneTime } });
  expect(old.status()).toBe(401);
  const fresh = await request.post("/api/auth/login", {
    data: { username: "admin", password: "first-admin-password-1" },
  });
  expect(fresh.status()).toBe(200);
});
