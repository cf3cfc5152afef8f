import { defineConfig } from "@playwright/test";
import {
  E2E_BASE_PORT,
  E2E_SITES,
  E2E_URL,
  GITHUB_STANDIN_PORT,
  GOOGLE_STANDIN_PORT,
  GOOGLE_STANDIN_URL,
} from "./tests/e2e/ports.ts";
import { TEST_COMPILE_CACHE } from "./tests/fixtures/processes.ts";

// The sites, the sign-in stand-in and the processes specs start share one compile cache (tests/fixtures/processes.ts).
process.env.NODE_COMPILE_CACHE ??= TEST_COMPILE_CACHE;

// Admin specs write to their site, but for the screens' layout and axe checks and the API reference.
const READ_WRITE_SPECS = /admin-(?!screens|api-reference).*\.spec\.ts$/;

// Debian's Chromium, never a downloaded browser; the flags keep it off the (closed) network.
const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
  "--no-first-run",
];

export default defineConfig({
  testDir: "tests/e2e",
  // Room for a slow day: this machine's speed varies up to threefold (README "Test it"), and a passing test never
  // waits for these; only a failing one does.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  // Each worker has its own e2e site (tests/e2e/ports.ts). Specs that only read it (every public spec, and the admin
  // screens looked at without a change) run first, test by test, on sites as seeded; the admin specs that change a
  // site run afterwards, file by file, two at a time (one per site): each file sees what the files before it on
  // its site did, never a change made at the same moment.
  projects: [
    { name: "read-only", testIgnore: READ_WRITE_SPECS, fullyParallel: true },
    { name: "admin", testMatch: READ_WRITE_SPECS, dependencies: ["read-only"] },
  ],
  use: {
    baseURL: E2E_URL,
    browserName: "chromium",
    launchOptions: { executablePath: "/usr/bin/chromium", args: chromiumArgs },
    // Recording a trace (DOM snapshots and screencast frames at every step) was a fifth of the suite's CPU on
    // passing tests, where it is thrown away: a test that fails is run again with it (decision 0234).
    trace: "on-first-retry",
    screenshot: "only-on-failure",
  },
  webServer: [
    {
      command: "node tests/fixtures/idp/cli.ts",
      url: `${GOOGLE_STANDIN_URL}/__standin/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
      env: { GOOGLE_STANDIN_PORT: String(GOOGLE_STANDIN_PORT), GITHUB_STANDIN_PORT: String(GITHUB_STANDIN_PORT) },
    },
    ...Array.from({ length: E2E_SITES }, (_, site) => E2E_BASE_PORT + site).map((port) => ({
      command: "node tests/e2e/server.ts",
      url: `http://127.0.0.1:${port}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore" as const,
      stderr: "pipe" as const,
      env: {
        NODE_ENV: "test",
        PORT: String(port),
        HOST: "127.0.0.1",
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATABASE_URL: `sqlite:./data/e2e-${port}/site.db`,
        LOG_LEVEL: "warn",
        // Google points at the local OpenID provider; GitHub stays unconfigured, so its button uses the development provider.
        GOOGLE_CLIENT_ID: "test-google-client",
        GOOGLE_CLIENT_SECRET: "test-google-secret",
        GOOGLE_ISSUER: GOOGLE_STANDIN_URL,
        // Every spec signs in from 127.0.0.1: the default 20 a minute would throttle the suite itself.
        SIGN_IN_RATE_LIMIT: "10000",
        // Every page the suite opens sends its page view from 127.0.0.1 too: at 60 a minute a fast machine's
        // parallel visitor specs were throttled, and the analytics spec's own page view answered 429.
        ANALYTICS_RATE_LIMIT: "10000",
        // The scheduled-publish spec waits for a change a minute ahead: a 5 s tick instead of 30 s keeps it short.
        SCHEDULER_TICK_SECONDS: "5",
        // The webhooks spec's receiver listens on 127.0.0.1, an address production refuses.
        WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: "true",
        // The workbench's machine suggestions come from a stand-in the server starts beside itself (tests/e2e/server.ts).
        E2E_MACHINE_TRANSLATION: "stub",
      },
    })),
  ],
});
