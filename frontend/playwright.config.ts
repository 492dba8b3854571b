// End-to-end tests in Debian's Chromium (headless) against a real Nubo that e2e/run.sh starts; see e2e/README.md.
import { defineConfig } from "@playwright/test";

const baseURL = process.env.NUBO_URL;
if (!baseURL) throw new Error("NUBO_URL is not set: run the end-to-end tests through frontend/e2e/run.sh");

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results/output",
  timeout: 90_000,
  expect: { timeout: 15_000 },
  workers: 1,
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL,
    headless: true,
    launchOptions: {
      executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-dev-shm-usage"],
    },
    screenshot: "only-on-failure",
    trace: "off",
  },
});
