import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
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
});
