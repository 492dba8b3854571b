import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { Rest, signIn, unique } from "./fixtures";

test("browse, create a folder, rename, move with the folder picker, delete to the trash", async ({ page, request }) => {
  const rest = await Rest.as(request);
  const root = await rest.root();
  const base = unique("browse");
  const baseId = await rest.folder(root, base);
  await rest.folder(baseId, "target");
  await rest.put(baseId, "notes.txt", "hello from the e2e test\n");

  await signIn(page);
  await page.goto(`/files/${baseId}`);
  const crumbs = page.getByRole("navigation", { name: "Folder path" });
  await expect(crumbs).toContainText(base);
  // the column headers are a row too
  await expect(page.getByRole("row").filter({ has: page.getByRole("gridcell") })).toHaveCount(2);

  // new folder
  await page.getByRole("button", { name: "New folder" }).click();
  await page.getByLabel("Folder name").fill("made here");
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByRole("link", { name: "made here" })).toBeVisible();
  expect(await rest.names(baseId)).toContain("made here");

  // rename through the context menu
  await page.getByRole("row").filter({ hasText: "notes.txt" }).click({ button: "right" });
  await page.getByRole("menuitem", { name: "Rename" }).click();
  await page.getByLabel("New name").fill("renamed.txt");
  await page.getByRole("dialog").getByRole("button", { name: "Rename" }).click();
  await expect(page.getByRole("button", { name: "renamed.txt" })).toBeVisible();

  // move into target/ with the picker
  await page.getByRole("row").filter({ hasText: "renamed.txt" }).click();
  await page.getByRole("toolbar", { name: "Actions" }).getByRole("button", { name: "Move to…" }).click();
  const picker = page.getByRole("dialog");
  await picker.getByRole("button", { name: base, exact: true }).click();
  await picker.getByRole("button", { name: "target", exact: true }).click();
  await picker.getByRole("button", { name: "Here", exact: true }).click();
  await expect(page.getByRole("button", { name: "renamed.txt" })).toHaveCount(0);
  const targetId = (await rest.json<{ entries: { id: number; name: string }[] }>("GET", `/files/${baseId}/children`))
    .entries.find((e) => e.name === "target")!.id;
  expect(await rest.names(targetId)).toEqual(["renamed.txt"]);

  // open the folder, then go back up through the breadcrumbs
  await page.getByRole("link", { name: "target" }).click();
  await expect(crumbs).toContainText("target");
  await crumbs.getByRole("link", { name: base }).click();
  await expect(page).toHaveURL(new RegExp(`/files/${baseId}$`));

  // delete with the keyboard
  await page.getByRole("row").filter({ hasText: "made here" }).click();
  await page.keyboard.press("Delete");
  await expect(page.getByRole("status").filter({ hasText: "Moved 1 item to the trash" })).toBeVisible();
  expect(await rest.names(baseId)).toEqual(["target"]);
});

test("shift and ctrl select ranges and single items; ctrl+A selects all", async ({ page, request }) => {
  const rest = await Rest.as(request);
  const baseId = await rest.folder(await rest.root(), unique("select"));
  for (const n of ["a.txt", "b.txt", "c.txt", "d.txt", "e.txt"]) await rest.put(baseId, n, n);
  await signIn(page);
  await page.goto(`/files/${baseId}`);
  const row = (n: string) => page.getByRole("row").filter({ hasText: n });
  await row("b.txt").click();
  await row("d.txt").click({ modifiers: ["Shift"] });
  await expect(page.getByRole("row", { selected: true })).toHaveCount(3);
  await row("c.txt").click({ modifiers: ["Control"] });
  await expect(page.getByRole("row", { selected: true })).toHaveCount(2);
  await page.keyboard.press("Control+a");
  await expect(page.getByText("5 items selected")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("row", { selected: true })).toHaveCount(0);
});

test("a text file opens in the viewer", async ({ page, request }) => {
  const rest = await Rest.as(request);
  const baseId = await rest.folder(await rest.root(), unique("view"));
  await rest.put(
    baseId,
    "readme.md",
    '# Title here\n\nSome *text*.\n\n<img src="x" onerror="window.__pwned = 1"><script>window.__pwned = 2</script>\n',
  );
  await signIn(page);
  await page.goto(`/files/${baseId}`);
  await page.getByRole("button", { name: "readme.md" }).click();
  const viewer = page.getByRole("dialog", { name: "readme.md" });
  await expect(viewer.getByRole("heading", { name: "Title here" })).toBeVisible();
  await expect(viewer.locator("article em")).toHaveText("text");
  // the sanitizer strips the handlers and scripts a Markdown file may carry
  await expect(viewer.locator("article script, article [onerror]")).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  await page.screenshot({ path: "test-results/preview.png" });
  await viewer.getByRole("button", { name: "Close" }).click();
  await expect(viewer).toHaveCount(0);
});

// a 32×32 red PNG
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAIAAAD8GO2jAAAAKklEQVR42mM4oaFBU8QwasGoBaMWjFowasGoBaMWjFowasGoBaMWDBULABo2YD0ttAhSAAAAAElFTkSuQmCC",
  "base64",
);

test("the grid shows image thumbnails, and the image viewer steps from one image to the next", async ({
  page,
  request,
}) => {
  const rest = await Rest.as(request);
  const baseId = await rest.folder(await rest.root(), unique("grid"));
  await rest.put(baseId, "a.png", PNG);
  await rest.put(baseId, "b.png", PNG);
  await rest.put(baseId, "c.txt", "not an image");
  await signIn(page);
  await page.goto(`/files/${baseId}`);
  await page.getByRole("button", { name: "Grid view" }).click();
  const thumb = page.getByRole("row").filter({ hasText: "a.png" }).locator("img");
  // the thumbnail is a real decoded image, not a broken one
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await page.screenshot({ path: "test-results/files-grid.png" });

  await page.getByRole("button", { name: "a.png" }).click();
  const viewer = page.getByRole("dialog", { name: "a.png" });
  await expect(viewer.locator("img")).toBeVisible();
  await viewer.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("dialog", { name: "b.png" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  // the choice of view is remembered
  await page.reload();
  await expect(page.getByRole("button", { name: "Grid view" })).toHaveAttribute("aria-pressed", "true");
});

test("a selection downloads as one ZIP holding each file", async ({ page, request }) => {
  const rest = await Rest.as(request);
  const baseId = await rest.folder(await rest.root(), unique("zip"));
  await rest.put(baseId, "one.txt", "first file");
  await rest.put(baseId, "two.txt", "second file");
  await rest.put(baseId, "three.txt", "not selected");
  await signIn(page);
  await page.goto(`/files/${baseId}`);
  const row = (n: string) => page.getByRole("row").filter({ hasText: n });
  await row("one.txt").click();
  await row("two.txt").click({ modifiers: ["Control"] });
  const download = page.waitForEvent("download");
  await page.getByRole("toolbar", { name: "Actions" }).getByRole("button", { name: "Download as ZIP" }).click();
  const zip = readFileSync(await (await download).path());
  expect(zip.subarray(0, 4).toString("latin1")).toBe("PK\x03\x04");
  // the central directory names every entry in plain text
  const text = zip.toString("latin1");
  expect(text).toContain("one.txt");
  expect(text).toContain("two.txt");
  expect(text).not.toContain("three.txt");
});

/** A mono 8 kHz 16-bit PCM WAV of a 440 Hz tone. */
function wav(seconds: number): Buffer {
  const rate = 8000;
  const samples = rate * seconds;
  const b = Buffer.alloc(44 + samples * 2);
  b.write("RIFF", 0, "latin1");
  b.writeUInt32LE(36 + samples * 2, 4);
  b.write("WAVEfmt ", 8, "latin1");
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20); // PCM
  b.writeUInt16LE(1, 22); // mono
  b.writeUInt32LE(rate, 24);
  b.writeUInt32LE(rate * 2, 28);
  b.writeUInt16LE(2, 32);
  b.writeUInt16LE(16, 34);
  b.write("data", 36, "latin1");
  b.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) b.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)), 44 + i * 2);
  return b;
}

test("audio plays in the viewer and seeks (the server answers ranges)", async ({ page, request }) => {
  const rest = await Rest.as(request);
  const baseId = await rest.folder(await rest.root(), unique("audio"));
  await rest.put(baseId, "tone.wav", wav(4));
  await signIn(page);
  await page.goto(`/files/${baseId}`);
  const partial: number[] = [];
  page.on("response", (r) => {
    if (r.url().includes("/content")) partial.push(r.status());
  });
  await page.getByRole("button", { name: "tone.wav" }).click();
  const audio = page.getByRole("dialog", { name: "tone.wav" }).locator("audio");
  await expect(audio).toBeVisible();
  const at = await audio.evaluate(
    (el: HTMLAudioElement) =>
      new Promise<{ duration: number; seekableEnd: number; time: number }>((done, fail) => {
        const seek = () => {
          el.addEventListener("seeked", () =>
            done({ duration: el.duration, seekableEnd: el.seekable.end(0), time: el.currentTime }),
          );
          el.currentTime = 3;
        };
        el.addEventListener("error", () => fail(new Error(`media error ${el.error?.code}`)));
        if (el.readyState >= 1) seek();
        else el.addEventListener("loadedmetadata", seek, { once: true });
      }),
  );
  expect(at.duration).toBeCloseTo(4, 1);
  expect(at.seekableEnd).toBeCloseTo(4, 1);
  expect(at.time).toBeCloseTo(3, 1);
  expect(partial).toContain(206);
});
