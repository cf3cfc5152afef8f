/**
 * sharp (libvips) is loaded at the first upload, not with the server (docs/decisions/0141-image-library-on-demand.md):
 * a process that serves pages never maps libvips; one that has taken an upload has, and keeps taking them.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encoded } from "#tests/fixtures/images.ts";
import { adminSession, startRealServer, type RealServer } from "./server-process.ts";
import { DATABASE_KINDS } from "./support.ts";

/** Whether the process has libvips' shared library mapped (sharp loads it with its native module). */
const mapsLibvips = (pid: number) => /\/libvips[^/\n]*\.so/.test(readFileSync(`/proc/${pid}/maps`, "utf8"));

describe.each(DATABASE_KINDS)("the image library on %s", (kind) => {
  let server: RealServer;
  let admin: { cookie: string; token: string };

  beforeAll(async () => {
    server = await startRealServer(kind);
    admin = await adminSession(server, "media-admin@example.com");
  });
  afterAll(() => server?.stop());

  const upload = (name: string, bytes: Buffer) =>
    fetch(`${server.url}/api/admin/media?name=${encodeURIComponent(name)}`, {
      method: "POST",
      headers: {
        cookie: admin.cookie,
        "x-xsrf-token": admin.token,
        origin: server.url,
        "content-type": "application/octet-stream",
      },
      body: new Uint8Array(bytes),
    });

  it("is not loaded to serve pages, and is loaded by the first upload, which it processes", async () => {
    for (const path of ["/en/welcome", "/en/articles", "/sitemap.xml", "/api/admin/media"]) {
      const response = await fetch(`${server.url}${path}`, { headers: { cookie: admin.cookie } });
      expect(response.status, path).toBe(200);
      await response.arrayBuffer();
    }
    expect(mapsLibvips(server.pid)).toBe(false);

    for (const [name, format] of [
      ["first.png", "png"],
      ["second.jpg", "jpeg"],
    ] as const) {
      const response = await upload(name, await encoded(format));
      expect(response.status, await response.clone().text()).toBe(201);
      const { item } = (await response.json()) as { item: { width: number; height: number } };
      expect(item).toMatchObject({ width: 500, height: 300 });
    }
    expect(mapsLibvips(server.pid)).toBe(true);
    expect(server.alive()).toBe(true);
  });
});
