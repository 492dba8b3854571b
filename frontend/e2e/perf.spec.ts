// The figures the web app issue asks for, measured on every run and printed (no timing decides the outcome):
// bytes transferred for the first load of the files page, and the time from navigation to a rendered folder of
// 1,000 entries.
import { expect, test } from "@playwright/test";
import { Rest, signIn, unique } from "./fixtures";

test("first load of the files page, and a 1,000-entry folder", async ({ page, request, context }) => {
  const rest = await Rest.as(request);
  const baseId = await rest.folder(await rest.root(), unique("thousand"));
  const names = Array.from({ length: 1000 }, (_, i) => `entry-${String(i).padStart(4, "0")}.txt`);
  for (let i = 0; i < names.length; i += 50) {
    await Promise.all(names.slice(i, i + 50).map((n) => rest.put(baseId, n, n)));
  }

  await signIn(page);
  // a fresh page without cache: what a first visit transfers (the network's encoded bytes)
  const fresh = await context.newPage();
  const cdp = await context.newCDPSession(fresh);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  let bytes = 0;
  const kinds: Record<string, number> = {};
  cdp.on("Network.loadingFinished", (e: { encodedDataLength: number }) => {
    bytes += e.encodedDataLength;
  });
  cdp.on("Network.responseReceived", (e: { response: { url: string; headers: Record<string, string> } }) => {
    const enc = e.response.headers["content-encoding"] ?? e.response.headers["Content-Encoding"] ?? "identity";
    if (new URL(e.response.url).pathname.startsWith("/assets/")) kinds[enc] = (kinds[enc] ?? 0) + 1;
  });
  await fresh.goto("/files");
  await expect(fresh.getByRole("navigation", { name: "Folder path" })).toBeVisible();
  await fresh.waitForLoadState("networkidle");
  console.log(`perf: first load of /files transferred ${bytes} bytes (assets by encoding: ${JSON.stringify(kinds)})`);
  expect(kinds.br ?? 0, "assets are sent precompressed").toBeGreaterThan(0);

  const t0 = Date.now();
  await fresh.goto(`/files/${baseId}`);
  await expect(fresh.getByText("1,000 items")).toBeVisible();
  await expect(fresh.getByRole("button", { name: "entry-0000.txt" })).toBeVisible();
  const elapsed = Date.now() - t0;
  const rows = fresh.getByRole("row").filter({ has: fresh.getByRole("gridcell") });
  const rendered = await rows.count();
  console.log(`perf: navigation to a rendered 1,000-entry folder took ${elapsed} ms (${rendered} rows in the DOM)`);
  expect(rendered).toBeLessThan(200); // virtualized: only the rows in view are in the DOM
  // scrolling to the end shows the last entry
  await rows.first().click();
  await fresh.keyboard.press("End");
  await expect(fresh.getByRole("button", { name: "entry-0999.txt" })).toBeVisible();
});

test("a 10,000-entry folder stays virtualized while it scrolls from top to bottom", async ({ page, request }) => {
  // seeding 10,000 files is 10,000 durable writes: generous, for a slow or busy machine
  test.setTimeout(900_000);
  const rest = await Rest.as(request);
  const baseId = await rest.folder(await rest.root(), unique("tenthousand"));
  // seeded with ten multipart uploads of 1,000 small files each
  for (let b = 0; b < 10; b++) {
    const multipart: Record<string, { name: string; mimeType: string; buffer: Buffer }> = {};
    for (let i = 0; i < 1000; i++) {
      const name = `item-${String(b * 1000 + i).padStart(5, "0")}.txt`;
      multipart[`f${i}`] = { name, mimeType: "text/plain", buffer: Buffer.from(name) };
    }
    const r = await rest.post(`/files/${baseId}/children`, { multipart });
    expect(r.status(), await r.text()).toBe(201);
  }

  await signIn(page);
  const t0 = Date.now();
  await page.goto(`/files/${baseId}`);
  await expect(page.getByText("10,000 items")).toBeVisible({ timeout: 60_000 });
  const elapsed = Date.now() - t0;
  const rows = page.getByRole("row").filter({ has: page.getByRole("gridcell") });
  // scroll the list by 40 rows a frame to the end, recording each frame's duration
  const frames = await page.getByRole("grid").evaluate(
    (grid: HTMLElement) =>
      new Promise<number[]>((done) => {
        const times: number[] = [];
        let last = performance.now();
        const step = () => {
          const now = performance.now();
          times.push(now - last);
          last = now;
          if (grid.scrollTop + grid.clientHeight >= grid.scrollHeight - 1) return done(times.slice(1));
          grid.scrollTop += 40 * 44;
          requestAnimationFrame(step);
        };
        requestAnimationFrame(step);
      }),
  );
  frames.sort((a, b) => a - b);
  const p95 = frames[Math.floor(frames.length * 0.95)];
  const rendered = await rows.count();
  console.log(
    `perf: 10,000 entries listed in ${elapsed} ms; scrolled through in ${frames.length} frames, ` +
      `p95 frame ${p95.toFixed(1)} ms, longest ${frames[frames.length - 1].toFixed(1)} ms; ${rendered} rows in the DOM`,
  );
  expect(frames.length).toBeGreaterThan(100); // it really scrolled through the 10,000 rows
  expect(rendered).toBeLessThan(200);
  await expect(page.getByRole("button", { name: "item-09999.txt" })).toBeVisible();
});
