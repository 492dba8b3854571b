// Shared steps of the end-to-end tests: the admin's credentials, signing in through the page, and a REST client
// (token sign-in) to seed data without clicking.
import { expect, type APIRequestContext, type Page } from "@playwright/test";

export const ADMIN = { username: "admin", password: process.env.NUBO_ADMIN_PASSWORD ?? "" };

export async function signIn(page: Page, username = ADMIN.username, password = ADMIN.password): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
}

export class Rest {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}

  static async as(request: APIRequestContext, username = ADMIN.username, password = ADMIN.password): Promise<Rest> {
    const r = await request.post("/api/auth/login", { data: { username, password, mode: "token" } });
    expect(r.status(), await r.text()).toBe(200);
    return new Rest(request, (await r.json()).accessToken);
  }

  private headers(extra: Record<string, string> = {}) {
    return { Authorization: `Bearer ${this.token}`, ...extra };
  }

  async json<T>(method: string, path: string, data?: unknown): Promise<T> {
    const r = await this.request.fetch("/api" + path, { method, headers: this.headers(), data });
    expect(r.ok(), `${method} ${path}: ${r.status()} ${await r.text()}`).toBeTruthy();
    return (r.status() === 204 ? undefined : await r.json()) as T;
  }

  /** The Authorization header, for requests made without this class. */
  async auth(): Promise<Record<string, string>> {
    return this.headers();
  }

  /** A raw POST under /api with the token, for bodies json() does not send (multipart). */
  post(path: string, options: Parameters<APIRequestContext["post"]>[1] = {}) {
    return this.request.post("/api" + path, { ...options, headers: this.headers() });
  }

  async root(): Promise<number> {
    return (await this.json<{ id: number }>("GET", "/files/root")).id;
  }

  async folder(parentId: number, name: string): Promise<number> {
    return (await this.json<{ id: number }>("POST", `/files/${parentId}/folders`, { name })).id;
  }

  async put(parentId: number, name: string, body: string | Buffer): Promise<number> {
    const r = await this.request.put(`/api/files/${parentId}/children/${encodeURIComponent(name)}`, {
      headers: this.headers({ "Content-Type": "application/octet-stream" }),
      data: body,
    });
    expect(r.status(), await r.text()).toBe(201);
    return (await r.json()).id;
  }

  async names(folderId: number): Promise<string[]> {
    const page = await this.json<{ entries: { name: string }[] }>("GET", `/files/${folderId}/children?limit=1000`);
    return page.entries.map((e) => e.name);
  }
}

/** A unique name per test run, so tests never see each other's files. */
export function unique(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

// ------------------------------------------------------------------ added for the trash, search, profile, admin specs

export interface TestUser {
  username: string;
  password: string;
  id: string;
}

/** A fresh user made by the admin through the REST API, so a test's trash, searches and sessions are its own. */
export async function newUser(request: APIRequestContext, prefix = "u"): Promise<TestUser> {
  const admin = await Rest.as(request);
  const username = unique(prefix).toLowerCase();
  const password = `pw-${unique("secret")}`;
  const u = await admin.json<{ id: string }>("POST", "/admin/users", {
    username,
    password,
    displayName: `Test ${username}`,
    role: "user",
  });
  return { username, password, id: u.id };
}

/** Deletes a user made by newUser (the admin's REST session); quiet when it is already gone. */
export async function dropUser(request: APIRequestContext, user: TestUser): Promise<void> {
  const admin = await Rest.as(request);
  await admin.json("DELETE", `/admin/users/${user.id}`).catch(() => undefined);
}

/** Basic credentials for WebDAV. */
export function basic(username: string, password: string): string {
  return "Basic " + Buffer.from(`${username}:${password}`).toString("base64");
}

/** The whole page's screenshot under test-results/, the place run.sh points people to. */
export async function snapshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/${name}.png`, fullPage: true });
}
