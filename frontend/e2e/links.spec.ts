import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { Rest, signIn, unique } from "./fixtures";

async function noSeriousAxeViolations(page: Page, name: string) {
  // @axe-core/playwright types its page against its own playwright-core copy; the object is the same at run time
  const result = await new AxeBuilder({ page } as unknown as ConstructorParameters<typeof AxeBuilder>[0]).analyze();
  const bad = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${name}: ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("the owner makes a password link from the context menu; a visitor without an account unlocks, browses and downloads", async ({
  page,
  request,
  browser,
}) => {
  const rest = await Rest.as(request);
  const root = await rest.root();
  const name = unique("shared");
  const folder = await rest.folder(root, name);
  const sub = await rest.folder(folder, "inside");
  await rest.put(sub, "hello.txt", "hello through a link\n");

  await signIn(page);
  await page.goto(`/files/${root}`);
  await page.getByRole("row").filter({ hasText: name }).click({ button: "right" });
  await page.getByRole("menuitem", { name: "Share link…" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Visitors may").selectOption("download");
  await dialog.getByLabel("Password (optional)").fill("let-me-in");
  await dialog.getByRole("button", { name: "Create link" }).click();
  const url = dialog.getByRole("textbox", { name: "Link address" });
  await expect(url).toHaveValue(/\/s\/[A-Za-z0-9_-]{22,}$/);
  const address = await url.inputValue();
  await expect(dialog.getByText("View and download · password")).toBeVisible();
  await noSeriousAxeViolations(page, "link dialog");
  await dialog.getByRole("button", { name: "Close" }).click();

  // a fresh browser context: no session cookie at all
  const visitor = await browser.newContext();
  const v = await visitor.newPage();
  await v.goto(address);
  await expect(v.getByRole("heading", { name: "This link is protected" })).toBeVisible();
  await noSeriousAxeViolations(v, "password prompt");
  await v.getByLabel("Password").fill("wrong");
  await v.getByRole("button", { name: "Open" }).click();
  await expect(v.getByRole("alert")).toContainText("not the right password");
  await v.getByLabel("Password").fill("let-me-in");
  await v.getByRole("button", { name: "Open" }).click();

  await v.getByRole("link", { name: "inside" }).click();
  const crumbs = v.getByRole("navigation", { name: "Location inside the shared folder" });
  await expect(crumbs.getByRole("link", { name })).toBeVisible();
  const download = v.waitForEvent("download");
  await v.getByRole("link", { name: "Download hello.txt" }).click();
  expect(readFileSync(await (await download).path(), "utf8")).toBe("hello through a link\n");
  await expect(v.getByRole("link", { name: "Download all as ZIP" })).toBeVisible();
  await noSeriousAxeViolations(v, "shared folder");
  // never sent to the sign-in page
  await expect(v).toHaveURL(/\/s\//);
  await visitor.close();
});

test("a file drop link accepts an upload and shows nothing of the folder", async ({ request, browser }) => {
  const rest = await Rest.as(request);
  const inbox = await rest.folder(await rest.root(), unique("inbox"));
  await rest.put(inbox, "private.txt", "not for visitors");
  const link = await rest.json<{ url: string }>("POST", "/links", { nodeId: inbox, permission: "drop" });

  const visitor = await browser.newContext();
  const v = await visitor.newPage();
  await v.goto(new URL(link.url).pathname);
  await expect(v.getByRole("heading", { name: /Upload files to/ })).toBeVisible();
  await expect(v.getByText("private.txt")).toHaveCount(0);
  await v.locator('input[type="file"]').setInputFiles({
    name: "dropped.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("dropped in"),
  });
  await expect(v.getByText("Uploaded")).toBeVisible();
  expect(await rest.names(inbox)).toEqual(["dropped.txt", "private.txt"]);
  await visitor.close();
});
