import { spawnSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { bareEnv } from "#tests/fixtures/processes.ts";

const serverBundle = new URL("../../build/server/index.js", import.meta.url).pathname;

function startWith(env: Record<string, string>) {
  return spawnSync(process.execPath, ["-e", `import(${JSON.stringify(serverBundle)}).then((m) => m.start())`], {
    env: { ...bareEnv(), ...env },
    encoding: "utf8",
    timeout: 20_000,
  });
}

test.describe("start-up", () => {
  test("a bad setting stops the server with a message naming it", () => {
    const result = startWith({ PORT: "not-a-port", DATABASE_URL: "mysql://nope" });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("PORT");
    expect(result.stderr).toContain("DATABASE_URL");
    expect(result.stderr).not.toContain("    at ");
  });

  test("an unreachable PostgreSQL server is a clear start-up error", () => {
    const result = startWith({ DATABASE_URL: "postgres://nobody@127.0.0.1:1/none", PORT: "4399", LOG_LEVEL: "silent" });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toMatch(/database/i);
  });
});
