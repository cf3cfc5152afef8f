import { defineConfig } from "@playwright/test";

// Helpers running browser tests side by side pick their own port.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
export const E2E_URL = `http://127.0.0.1:${E2E_PORT}`;

// Debian's Chromium, never a downloaded browser; the flags keep it off the (closed) network.
const chromiumArgs = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-quic", "--no-first-run"];

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: E2E_URL,
    browserName: "chromium",
    launchOptions: { executablePath: "/usr/bin/chromium", args: chromiumArgs },
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  webServer: [
    {
      command: "node tests/e2e/server.ts",
      url: `${E2E_URL}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        NODE_ENV: "test",
        PORT: String(E2E_PORT),
        HOST: "127.0.0.1",
        PUBLIC_URL: E2E_URL,
        DATABASE_URL: `sqlite:./data/e2e-${E2E_PORT}/site.db`,
        LOG_LEVEL: "warn",
      },
    },
  ],
});
