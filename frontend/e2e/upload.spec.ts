import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { Rest, signIn, unique } from "./fixtures";

test("uploading a small file and a 50 MiB one shows progress and stores the same bytes", async ({ page, request }) => {
  const rest = await Rest.as(request);
  const baseId = await rest.folder(await rest.root(), unique("upload"));
  const dir = mkdtempSync(join(tmpdir(), "nubo-upload-"));
  const big = randomBytes(50 * 1024 * 1024);
  writeFileSync(join(dir, "big.bin"), big);
  writeFileSync(join(dir, "small.txt"), "small file\n");

  await signIn(page);
  await page.goto(`/files/${baseId}`);
  await expect(page.getByText("This folder is empty.")).toBeVisible();
  // records every value the progress bar of big.bin takes
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { seen: number[] }).seen = seen;
    setInterval(() => {
      const bar = document.querySelector<HTMLProgressElement>('progress[aria-label="big.bin"]');
      if (bar) seen.push(bar.value / bar.max);
    }, 10);
  });
  await page.locator('input[type="file"][multiple]').setInputFiles([join(dir, "small.txt"), join(dir, "big.bin")]);
  const panel = page.getByRole("region", { name: "Uploads" });
  await expect(panel.getByRole("status")).toHaveText("2 of 2 uploaded", { timeout: 60_000 });
  await expect(page.getByRole("button", { name: "big.bin" })).toBeVisible();
  const seen = await page.evaluate(() => (window as unknown as { seen: number[] }).seen);
  expect(seen.some((v) => v > 0 && v < 1), `progress values seen: ${seen.length}`).toBeTruthy();

  const item = (await rest.json<{ entries: { id: number; name: string; size: number; sha256: string }[] }>(
    "GET", `/files/${baseId}/children`)).entries.find((e) => e.name === "big.bin")!;
  expect(item.size).toBe(big.length);
  expect(item.sha256).toBe(createHash("sha256").update(big).digest("hex"));
  await page.screenshot({ path: "test-results/uploads.png" });
});

test("a taken name asks: keep both makes a second file, skip leaves the folder alone", async ({ page, request }) => {
  const rest = await Rest.as(request);
  const baseId = await rest.folder(await rest.root(), unique("conflict"));
  await rest.put(baseId, "same.txt", "first");
  await signIn(page);
  await page.goto(`/files/${baseId}`);
  const input = page.locator('input[type="file"][multiple]');
  await input.setInputFiles({ name: "same.txt", mimeType: "text/plain", buffer: Buffer.from("second") });
  const ask = page.getByRole("dialog", { name: "“same.txt” already exists" });
  await ask.getByRole("button", { name: "Keep both" }).click();
  await expect.poll(() => rest.names(baseId)).toHaveLength(2);
  await input.setInputFiles([]);
  await input.setInputFiles({ name: "same.txt", mimeType: "text/plain", buffer: Buffer.from("third") });
  await ask.getByRole("button", { name: "Skip" }).click();
  await expect(page.getByRole("region", { name: "Uploads" })).toContainText("Skipped");
  expect((await rest.names(baseId)).length).toBe(2);
  // replace keeps the name and the item, with the new bytes
  const before = (await rest.json<{ entries: { id: number; name: string }[] }>("GET", `/files/${baseId}/children`))
    .entries.find((e) => e.name === "same.txt")!;
  await input.setInputFiles([]);
  await input.setInputFiles({ name: "same.txt", mimeType: "text/plain", buffer: Buffer.from("fourth") });
  await ask.getByRole("button", { name: "Replace" }).click();
  await expect
    .poll(async () => (await request.get(`/api/files/${before.id}/content`, { headers: await rest.auth() })).text())
    .toBe("fourth");
  expect((await rest.names(baseId)).length).toBe(2);
});

test("a chunk that fails leaves the upload resumable: retry continues from the server's offset", async ({
  page,
  request,
}) => {
  const rest = await Rest.as(request);
  const baseId = await rest.folder(await rest.root(), unique("resume"));
  const dir = mkdtempSync(join(tmpdir(), "nubo-resume-"));
  const bytes = randomBytes(20 * 1024 * 1024); // over 16 MiB: a resumable session of three 8 MiB chunks
  writeFileSync(join(dir, "resume.bin"), bytes);
  await signIn(page);
  await page.goto(`/files/${baseId}`);

  const patches: string[] = [];
  let failedOnce = false;
  await page.route("**/api/uploads/*", async (route) => {
    const req = route.request();
    if (req.method() !== "PATCH") return route.continue();
    const offset = req.headers()["upload-offset"];
    if (offset !== "0" && !failedOnce) {
      failedOnce = true;
      patches.push(`${offset} aborted`);
      return route.abort("connectionreset");
    }
    patches.push(offset);
    return route.continue();
  });
  await page.locator('input[type="file"][multiple]').setInputFiles(join(dir, "resume.bin"));
  const panel = page.getByRole("region", { name: "Uploads" });
  await expect(panel.getByText(/^Failed/)).toBeVisible({ timeout: 60_000 });
  await panel.getByRole("button", { name: "Retry resume.bin" }).click();
  await expect(panel.getByRole("status")).toHaveText("1 of 1 uploaded", { timeout: 60_000 });

  // the first chunk went once; the failed one was sent again, and nothing before it
  const chunk = String(8 * 1024 * 1024);
  expect(patches).toEqual(["0", `${chunk} aborted`, chunk, String(16 * 1024 * 1024)]);
  const item = (await rest.json<{ entries: { name: string; size: number; sha256: string }[] }>(
    "GET", `/files/${baseId}/children`)).entries.find((e) => e.name === "resume.bin")!;
  expect(item.size).toBe(bytes.length);
  expect(item.sha256).toBe(createHash("sha256").update(bytes).digest("hex"));
});

test("cancelling an upload stores nothing, and retry after a cancel starts over", async ({ page, request }) => {
  const rest = await Rest.as(request);
  const baseId = await rest.folder(await rest.root(), unique("cancel"));
  const dir = mkdtempSync(join(tmpdir(), "nubo-cancel-"));
  const bytes = randomBytes(20 * 1024 * 1024);
  writeFileSync(join(dir, "cancel.bin"), bytes);
  await signIn(page);
  await page.goto(`/files/${baseId}`);

  // hold the second chunk until the test has pressed cancel
  let release: () => void = () => {};
  const held = new Promise<void>((r) => (release = r));
  let holding = true;
  await page.route("**/api/uploads/*", async (route) => {
    if (holding && route.request().method() === "PATCH" && route.request().headers()["upload-offset"] !== "0") {
      await held;
      return route.abort("connectionreset");
    }
    return route.continue();
  });
  await page.locator('input[type="file"][multiple]').setInputFiles(join(dir, "cancel.bin"));
  const panel = page.getByRole("region", { name: "Uploads" });
  const bar = panel.getByRole("progressbar", { name: "cancel.bin" });
  await expect.poll(() => bar.evaluate((p: HTMLProgressElement) => p.value)).toBeGreaterThan(0);
  const deleted = page.waitForRequest((r) => r.method() === "DELETE" && r.url().includes("/api/uploads/"));
  await panel.getByRole("button", { name: "Cancel cancel.bin" }).click();
  await deleted; // the server's session is dropped, not left to expire
  release();
  await expect(panel.getByText("Cancelled")).toBeVisible();
  expect(await rest.names(baseId)).toEqual([]);

  holding = false;
  await panel.getByRole("button", { name: "Retry cancel.bin" }).click();
  await expect(panel.getByRole("status")).toHaveText("1 of 1 uploaded", { timeout: 60_000 });
  expect(await rest.names(baseId)).toEqual(["cancel.bin"]);
});

test("a whole folder uploads with its tree, and files dropped on the page upload too", async ({ page, request }) => {
  const rest = await Rest.as(request);
  const baseId = await rest.folder(await rest.root(), unique("tree"));
  const dir = mkdtempSync(join(tmpdir(), "nubo-tree-"));
  mkdirSync(join(dir, "photos", "2026"), { recursive: true });
  writeFileSync(join(dir, "photos", "b.txt"), "b");
  writeFileSync(join(dir, "photos", "2026", "a.txt"), "a");
  await signIn(page);
  await page.goto(`/files/${baseId}`);
  await expect(page.getByText("This folder is empty.")).toBeVisible();
  await page.locator("input[webkitdirectory]").setInputFiles(join(dir, "photos"));
  const panel = page.getByRole("region", { name: "Uploads" });
  await expect(panel.getByRole("status")).toHaveText("2 of 2 uploaded", { timeout: 30_000 });
  expect(await rest.names(baseId)).toEqual(["photos"]);
  const photos = (await rest.json<{ entries: { id: number; name: string }[] }>("GET", `/files/${baseId}/children`))
    .entries[0].id;
  expect((await rest.names(photos)).sort()).toEqual(["2026", "b.txt"]);

  // a drop of plain files (a synthetic drag carries no directory entries: the files list is used)
  const data = await page.evaluateHandle(() => {
    const dt = new DataTransfer();
    dt.items.add(new File(["one"], "dropped-1.txt", { type: "text/plain" }));
    dt.items.add(new File(["two"], "dropped-2.txt", { type: "text/plain" }));
    return dt;
  });
  const zone = page.getByRole("region", { name: "Files" });
  await zone.dispatchEvent("dragover", { dataTransfer: data });
  await zone.dispatchEvent("drop", { dataTransfer: data });
  await expect(panel.getByRole("status")).toHaveText("4 of 4 uploaded", { timeout: 30_000 });
  expect((await rest.names(baseId)).sort()).toEqual(["dropped-1.txt", "dropped-2.txt", "photos"]);
});
