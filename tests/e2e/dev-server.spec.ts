/**
 * `npm run dev` on a temporary copy of the project: editing a component and a
 * stylesheet updates the open page without a full reload, and editing server
 * code restarts the server part while the page (and its HMR connection) stays.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
import { DEV_SERVER_PORT } from "./ports.ts";

const projectRoot = fileURLToPath(new URL("../..", import.meta.url));
const devUrl = `http://127.0.0.1:${DEV_SERVER_PORT}`;
const LEFT_OUT = new Set([
  "node_modules",
  ".git",
  "build",
  "data",
  "test-results",
  "playwright-report",
  ".react-router",
]);

let copy: string;
let dev: ChildProcess;
let devOutput = "";

async function waitForHealth(deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    if (
      await fetch(`${devUrl}/healthz`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return;
    if (dev.exitCode !== null) throw new Error(`npm run dev exited (${dev.exitCode}):\n${devOutput}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`npm run dev did not answer /healthz in time:\n${devOutput}`);
}

function edit(file: string, change: (source: string) => string): void {
  const path = join(copy, file);
  const before = readFileSync(path, "utf8");
  const after = change(before);
  expect(after, `the edit of ${file} changed nothing`).not.toBe(before);
  writeFileSync(path, after);
}

test.describe("npm run dev", () => {
  test.describe.configure({ timeout: 300_000 });

  test.beforeAll(async () => {
    copy = mkdtempSync(join(tmpdir(), "pp-dev-"));
    cpSync(projectRoot, copy, {
      recursive: true,
      filter: (source) => !LEFT_OUT.has(relative(projectRoot, source).split("/")[0]!),
    });
    symlinkSync(join(projectRoot, "node_modules"), join(copy, "node_modules"), "dir");
    dev = spawn(process.execPath, ["server/dev.ts"], {
      cwd: copy,
      // vite:hmr logs each file change the watcher reports (the database's must not be among them).
      env: {
        ...process.env,
        NODE_ENV: "development",
        PORT: String(DEV_SERVER_PORT),
        PUBLIC_URL: devUrl,
        DATABASE_URL: `sqlite:${join(copy, "data/site.db")}`,
        LOG_LEVEL: "info",
        DEBUG: "vite:hmr",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    dev.stdout!.on("data", (chunk: Buffer) => (devOutput += chunk.toString()));
    dev.stderr!.on("data", (chunk: Buffer) => (devOutput += chunk.toString()));
    await waitForHealth(Date.now() + 90_000);
  });

  test.afterAll(async () => {
    if (dev && dev.exitCode === null) {
      const exited = new Promise((resolve) => dev.once("exit", resolve));
      dev.kill("SIGTERM");
      await exited;
    }
    rmSync(copy, { recursive: true, force: true });
  });

  test("logs its URL, hot-swaps components and CSS, and restarts only the server part on server edits", async ({
    page,
  }) => {
    expect(devOutput).toContain(`Polyglot Press (development, hot reload) at ${devUrl}`);
    const consoleErrors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") consoleErrors.push(message.text());
    });
    // Vite bundles the browser's dependencies on start (vite.config.ts, DEV_PREBUNDLED): a dependency it
    // only found on a page view would be bundled again and the page reloaded, with two copies of React
    // once on a page caught in between. A visit is still bounded and retried: on a fresh clone with the
    // other worker's browser busy, a first visit whose "load" never came once held the whole budget.
    await expect(async () => {
      await page.goto(`${devUrl}/en/welcome`, { timeout: 30_000 });
      await page.waitForLoadState("networkidle", { timeout: 30_000 });
    }).toPass({ timeout: 150_000 });
    expect(devOutput).not.toContain("optimized dependencies changed");
    // React Router's development-only stylesheet link carries the nonce too: the client must render the same one.
    expect(consoleErrors.filter((text) => /hydrat/i.test(text))).toEqual([]);
    const heading = page.locator("h1#home-title");
    await expect(heading).toBeVisible();
    // Any full reload would drop this marker.
    await page.evaluate(() => ((window as unknown as { hotMarker: string }).hotMarker = "still here"));
    const marker = () => page.evaluate(() => (window as unknown as { hotMarker?: string }).hotMarker);

    edit("app/components/pages/home-page.tsx", (source) =>
      source.replace('<h1 id="home-title"', '<h1 id="home-title" data-hot-edit="component"'),
    );
    await expect(heading).toHaveAttribute("data-hot-edit", "component", { timeout: 20_000 });
    expect(await marker()).toBe("still here");

    edit("app/styles/app.css", (source) => `${source}\n#home-title { outline: 3px solid rgb(1, 2, 3); }\n`);
    await expect(heading).toHaveCSS("outline-color", "rgb(1, 2, 3)", { timeout: 20_000 });
    expect(await marker()).toBe("still here");

    // The API answers as in production, before and after a server edit that the next request sees.
    expect((await page.request.get(`${devUrl}/init/file/languages`)).status()).toBe(200);
    edit("server/ops/probes.ts", (source) =>
      source.replace('c.json({ status: "ok" }', 'c.json({ status: "ok", edited: true }'),
    );
    await expect
      .poll(async () => (await (await page.request.get(`${devUrl}/healthz`)).json()) as unknown, { timeout: 30_000 })
      .toMatchObject({ status: "ok", edited: true });
    expect(devOutput).toContain("restarted the server part");
    expect((await page.request.get(`${devUrl}/init/file/languages`)).status()).toBe(200);
    expect(await marker()).toBe("still here");
    await expect(heading).toHaveAttribute("data-hot-edit", "component");
    // The visits and the server's restart wrote to the database; its files are no module to watch.
    expect(
      devOutput.split("\n").filter((line) => line.includes("[file change]") && line.includes("data/site.db")),
    ).toEqual([]);
  });
});
