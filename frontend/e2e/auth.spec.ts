import { expect, test } from "@playwright/test";
import { ADMIN, dropUser, newUser, Rest, signIn, unique } from "./fixtures";

test("a wrong password is refused with a message, the right one opens the files page", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel("Username").fill(ADMIN.username);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText("Wrong username or password.");
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/files$/);
  await expect(page.getByRole("navigation", { name: "Folder path" })).toContainText("Home");
  await page.screenshot({ path: "test-results/files.png", fullPage: true });
});

test("signing out ends the session: the app returns to the sign-in page and stays there", async ({ page }) => {
  await signIn(page);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/files");
  await expect(page).toHaveURL(/\/login\?next=%2Ffiles/);
  await page.screenshot({ path: "test-results/login.png" });
});

test("an ended session returns to sign-in, and signing in again goes back to the page", async ({ page, context,
  request }) => {
  const rest = await Rest.as(request);
  const folder = await rest.folder(await rest.root(), unique("expiry"));
  await rest.folder(folder, "inside");
  await signIn(page);
  await page.goto(`/files/${folder}`);
  await expect(page.getByRole("link", { name: "inside" })).toBeVisible();
  // the session ends behind the app's back: its cookies are gone, so the refresh fails too
  await context.clearCookies();
  await page.getByRole("link", { name: "inside" }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Ffiles%2F\d+$/);
  await expect(page.getByRole("status")).toHaveText("Your session has ended. Sign in again to continue.");
  const next = decodeURIComponent(new URL(page.url()).searchParams.get("next")!);
  await page.getByLabel("Username").fill(ADMIN.username);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(new RegExp(`${next}$`));
  await expect(page.getByRole("navigation", { name: "Folder path" })).toContainText("inside");
});

test("after sign-in, next never leads off the app", async ({ page }) => {
  await page.goto("/login?next=//evil.example/x");
  await page.getByLabel("Username").fill(ADMIN.username);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/files$/);
});

test("repeated wrong passwords lock the account name, and the page says how long to wait", async ({ page, request }) => {
  const user = await newUser(request, "lock");
  await page.goto("/login");
  await page.getByLabel("Username").fill(user.username);
  // the server locks an account name after 5 consecutive failures (NUBO_AUTH_LOCKOUT_THRESHOLD)
  for (let i = 0; i < 5; i++) {
    await page.getByLabel("Password").fill(`wrong-${i}`);
    const answer = page.waitForResponse((r) => r.url().endsWith("/api/auth/login"));
    await page.getByRole("button", { name: "Sign in" }).click();
    expect((await answer).status()).toBe(401);
    await expect(page.getByRole("alert")).toHaveText("Wrong username or password.");
  }
  // even the right password is refused while the lock lasts
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText(/^Too many failed attempts\. Try again in \d+ seconds\.$/);
  await expect(page).toHaveURL(/\/login/);
  await dropUser(request, user);
});
