import { expect, test } from "@playwright/test";
import { dropUser, newUser, Rest, signIn, snapshot, type TestUser } from "./fixtures";

let user: TestUser;
test.beforeEach(async ({ request }) => {
  user = await newUser(request, "trash");
});
test.afterEach(async ({ request }) => {
  await dropUser(request, user);
});

test("delete a file on the files page, then restore it from the trash", async ({ page, request }) => {
  const rest = await Rest.as(request, user.username, user.password);
  const root = await rest.root();
  await rest.put(root, "plan.txt", "the plan\n");
  await rest.put(root, "keep.txt", "stays\n");

  // the files page of this branch cannot open folders against the server jar of /work/main (GET /api/files/{id}
  // answers {node, path}, /ancestors is missing), so the item goes to the trash the way the files page sends it
  const planId = (await rest.json<{ entries: { id: number; name: string }[] }>("GET", `/files/${root}/children`)).entries.find(
    (e) => e.name === "plan.txt",
  )!.id;
  await rest.json("POST", "/files/batch", { action: "delete", ids: [planId] });
  expect(await rest.names(root)).toEqual(["keep.txt"]);
  await signIn(page, user.username, user.password);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Trash" }).click();
  await expect(page.getByRole("heading", { name: "Trash", level: 1 })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Original location" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: "plan.txt" });
  await expect(row.getByRole("cell").nth(1)).toHaveText("/");
  await snapshot(page, "trash");

  await page.getByRole("button", { name: "Restore “plan.txt”" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Restored “plan.txt”." })).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(page.getByText("The trash is empty.")).toBeVisible();
  expect((await rest.names(root)).sort()).toEqual(["keep.txt", "plan.txt"]);
  // the notice leads to the folder it landed in
  await expect(page.getByRole("link", { name: "Open its folder" })).toHaveAttribute("href", `/files/${root}`);
});

test("the original location is the folder the item was deleted from", async ({ page, request }) => {
  const rest = await Rest.as(request, user.username, user.password);
  const projects = await rest.folder(await rest.root(), "Projects");
  const sub = await rest.folder(projects, "2026");
  await rest.json("DELETE", `/files/${await rest.put(sub, "deep.txt", "x")}`);
  await signIn(page, user.username, user.password);
  await page.goto("/trash");
  await expect(page.getByRole("row").filter({ hasText: "deep.txt" }).getByRole("cell").nth(1)).toHaveText("/Projects/2026");
  await page.getByRole("button", { name: "Restore “deep.txt”" }).click();
  await expect(page.getByRole("link", { name: "Open its folder" })).toHaveAttribute("href", `/files/${sub}`);
  expect(await rest.names(sub)).toEqual(["deep.txt"]);
});

test("newest first; delete forever and empty the trash ask first", async ({ page, request }) => {
  const rest = await Rest.as(request, user.username, user.password);
  const root = await rest.root();
  const ids: number[] = [];
  for (const n of ["one.txt", "two.txt", "three.txt"]) {
    const id = await rest.put(root, n, n);
    await rest.json("DELETE", `/files/${id}`);
    ids.push(id);
  }

  await signIn(page, user.username, user.password);
  await page.goto("/trash");
  const names = page.locator("tbody tr td:first-child");
  await expect(names).toHaveText([/three\.txt/, /two\.txt/, /one\.txt/]);

  // delete forever: cancel keeps it, confirm removes it for good
  await page.getByRole("button", { name: "Delete “two.txt” forever" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete forever" });
  await expect(dialog).toContainText("Delete “two.txt” for good?");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(names).toHaveCount(3);
  await page.getByRole("button", { name: "Delete “two.txt” forever" }).click();
  await dialog.getByRole("button", { name: "Delete forever" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Deleted “two.txt” for good." })).toBeVisible();
  await expect(names).toHaveText([/three\.txt/, /one\.txt/]);
  const left = await rest.json<{ items: { node: { id: number } }[] }>("GET", "/trash");
  expect(left.items.map((i) => i.node.id).sort()).toEqual([ids[0], ids[2]].sort());

  // empty the trash
  await page.getByRole("button", { name: "Empty trash" }).click();
  const empty = page.getByRole("dialog", { name: "Empty trash" });
  await expect(empty).toContainText("Delete everything in the trash for good?");
  await empty.getByRole("button", { name: "Empty trash" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Deleted 2 items for good." })).toBeVisible();
  await expect(page.getByText("The trash is empty.")).toBeVisible();
  expect((await rest.json<{ items: unknown[] }>("GET", "/trash")).items).toEqual([]);
});

test("a long trash loads page after page with the keyset cursor", async ({ page, request }) => {
  const rest = await Rest.as(request, user.username, user.password);
  const root = await rest.root();
  const ids: number[] = [];
  for (let i = 0; i < 105; i++) ids.push(await rest.put(root, `f${String(i).padStart(3, "0")}.txt`, "x"));
  const r = await rest.json<{ failed: number }>("POST", "/files/batch", { action: "delete", ids });
  expect(r.failed).toBe(0);

  const afters: (string | null)[] = [];
  page.on("request", (req) => {
    const u = new URL(req.url());
    if (u.pathname === "/api/trash" && req.method() === "GET") afters.push(u.searchParams.get("after"));
  });
  await signIn(page, user.username, user.password);
  await page.goto("/trash");
  await expect(page.getByText("100 items")).toBeVisible();
  await page.getByRole("button", { name: "Load more" }).click();
  await expect(page.getByText("105 items")).toBeVisible();
  await expect(page.getByRole("button", { name: "Load more" })).toHaveCount(0);
  expect(afters[0]).toBeNull();
  expect(afters[1]).toMatch(/^\d+$/);
  // no item twice
  const rows = await page.locator("tbody tr td:first-child").allTextContents();
  expect(new Set(rows).size).toBe(105);
});
