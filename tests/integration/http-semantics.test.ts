/**
 * HTTP semantics a client relies on (issue 42 item 4), on the built site behind a real listener, as an
 * https site behind its proxy: content codings by weight, If-Modified-Since on static files, caching
 * headers of robots.txt and of the admin API, plain http sent to https. Nothing here depends on the
 * database's dialect: SQLite only.
 */
import { createServer, type RequestListener, type Server } from "node:http";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppServices } from "#server/content/context.ts";
import type { HttpEnv } from "#server/http/env.ts";
import { createLogger } from "#server/base/log.ts";
import { createServices } from "#server/services.ts";
import { send } from "./raw-http.ts";
import { freePort } from "./server-process.ts";
import { createTestDatabase, signedInCookie, testConfig, type TestDatabase } from "./support.ts";

type Site = { app: Hono<HttpEnv>; listener: RequestListener };
const { createSite } = (await import(new URL("../../build/server/index.js", import.meta.url).href)) as {
  createSite: (services: AppServices) => Site;
};

const HOST = "press.example";
/** What our proxy adds to a request the browser sent over https. */
const OVER_HTTPS = { "x-forwarded-proto": "https" };

describe("HTTP semantics", () => {
  let database: TestDatabase;
  let services: AppServices & { close(): Promise<void> };
  let server: Server;
  let port: number;
  const get = (path: string, headers: Record<string, string> = {}) =>
    send(port, HOST, path, { headers: { ...OVER_HTTPS, ...headers } });

  beforeAll(async () => {
    database = await createTestDatabase("sqlite", { seeded: true });
    port = await freePort();
    services = await createServices(
      testConfig(database.url, { PUBLIC_URL: `https://${HOST}`, TRUST_PROXY: "true" }),
      createLogger("silent"),
    );
    server = createServer(createSite(services).listener);
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await services?.close();
    await database?.drop();
  });

  it("sends no brotli to a client that gives it weight 0, from the page cache too", async () => {
    const codings: (string | null)[] = [];
    // The cache compresses a page asked for again in the background: identity until its copy is ready.
    await expect
      .poll(async () => {
        const page = await get("/en/welcome", { accept: "text/html", "accept-encoding": "br;q=0, gzip" });
        expect(page.status).toBe(200);
        codings.push(page.headers.get("content-encoding"));
        return codings.at(-1);
      })
      .toBe("gzip");
    expect(codings).not.toContain("br");
    // At equal weight, brotli is still ours to prefer.
    await expect
      .poll(async () =>
        (await get("/en/welcome", { accept: "text/html", "accept-encoding": "gzip, br" })).headers.get(
          "content-encoding",
        ),
      )
      .toBe("br");
  });

  it("answers If-Modified-Since with 304 on static files, and 200 when the file is newer", async () => {
    const html = await (await get("/en/welcome", { accept: "text/html" })).text();
    const asset = /\/assets\/[\w.-]+\.js/.exec(html)![0];
    for (const path of ["/favicon.svg", asset, "/covers/how-rome-classifies-work.svg"]) {
      const first = await get(path);
      expect(first.status, path).toBe(200);
      const lastModified = first.headers.get("last-modified");
      expect(lastModified, path).not.toBeNull();
      const again = await get(path, { "if-modified-since": lastModified! });
      expect(again.status, path).toBe(304);
      expect(again.headers.get("last-modified"), path).toBe(lastModified);
      const earlier = new Date(Date.parse(lastModified!) - 60_000).toUTCString();
      expect((await get(path, { "if-modified-since": earlier })).status, path).toBe(200);
      expect((await get(path, { "if-modified-since": "not a date" })).status, path).toBe(200);
    }
  });

  it("lets robots.txt be cached, and no cache keep what the admin API answers", async () => {
    expect((await get("/robots.txt")).headers.get("cache-control")).toMatch(/^public, max-age=\d+/);
    const admin = await signedInCookie(services, { email: "semantics-admin@example.com", isAdmin: true });
    for (const path of [
      "/api/admin/languages",
      "/api/admin/users",
      "/api/admin/articles",
      "/api/admin/translations",
      "/api/admin/preferences",
    ]) {
      const answer = await get(path, { cookie: admin });
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get("cache-control"), path).toBe("no-store");
    }
  });

  it("sends a request that reached our proxy over plain http to https, keeping its target; probes stay on http", async () => {
    const plain = await send(port, HOST, "/en/articles?page=2", { headers: { "x-forwarded-proto": "http" } });
    expect(plain.status).toBe(308);
    expect(plain.headers.get("location")).toBe(`https://${HOST}/en/articles?page=2`);
    const write = await send(port, HOST, "/api/analytics/events", {
      method: "POST",
      headers: { "x-forwarded-proto": "http", "content-type": "application/json" },
      body: "{}",
    });
    expect(write.status).toBe(308);
    expect((await send(port, "10.1.2.3:3000", "/healthz", { headers: { "x-forwarded-proto": "http" } })).status).toBe(
      200,
    );
  });
});
