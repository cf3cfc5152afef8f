/**
 * Issue 41 items 3, 4 and 9 through Node's request listener of the built site
 * (page cache, Hono, React Router) on both databases, with the log captured:
 * - a forged Host, even with a matching Origin, reaches nothing: no
 *   development sign-in, no write (DNS rebinding); probes answer any Host;
 * - the Origin check trusts the configured origins, never the Host's;
 * - the access log never holds a working preview token;
 * - methods no route takes get 405 with Allow in the one error shape, and no
 *   line above info.
 */
import { createServer, type RequestListener, type Server } from "node:http";
import { Writable } from "node:stream";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminArticle } from "#core/admin/articles/schema.ts";
import type { PreviewLink } from "#core/admin/publishing/schema.ts";
import type { AppServices } from "#server/content/context.ts";
import type { HttpEnv } from "#server/http/env.ts";
import { createLogger, redactPath } from "#server/base/log.ts";
import { createServices } from "#server/services.ts";
import appRoutes from "#app/routes.ts";
import { createBrowser } from "./auth-browser.ts";
import { send } from "./raw-http.ts";
import { freePort } from "./server-process.ts";
import {
  adminApiCaller,
  createTestDatabase,
  DATABASE_KINDS,
  signedInCookie,
  testConfig,
  xsrfHeaders,
  type TestDatabase,
  withVersionTags,
} from "./support.ts";

type Site = { app: Hono<HttpEnv>; listener: RequestListener };
const { createSite } = (await import(new URL("../../build/server/index.js", import.meta.url).href)) as {
  createSite: (services: AppServices) => Site;
};

interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/** What a browser at `origin` sends: its Host, and its Origin on every write. */
function siteAt(port: number, origin: string) {
  const host = new URL(origin).host;
  return {
    request: async (path: string, init: RequestInit = {}) => {
      const method = init.method ?? "GET";
      const headers = Object.fromEntries(new Headers(init.headers).entries());
      if (method !== "GET" && method !== "HEAD") headers.origin = origin;
      return send(port, host, path, { method, headers, body: typeof init.body === "string" ? init.body : undefined });
    },
  };
}

/**
 * What the audit did from a page at `origin`: the development sign-in as the demo admin
 * (tests/integration/auth-dev-login.test.ts), then a write with the session it got.
 */
async function signInAndWrite(port: number, origin: string) {
  const browser = createBrowser(siteAt(port, origin), origin);
  const form = await browser.go("/auth/github/start?popup=1");
  const html = await form.response.text();
  const hidden = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? "";
  const body = new URLSearchParams({
    _xsrf: hidden("_xsrf"),
    state: hidden("state"),
    email: "admin@example.com",
    name: "Demo Admin",
  });
  await browser.go("/auth/github/dev-login", {
    init: { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: body.toString() },
  });
  const write = await browser.go("/api/admin/articles", {
    init: {
      method: "POST",
      headers: { "x-xsrf-token": browser.cookie("XSRF-TOKEN") ?? "", "content-type": "application/json" },
      body: JSON.stringify({ author: origin }),
    },
  });
  return {
    form: { status: form.response.status, text: html },
    session: browser.cookie("pp_session"),
    write: write.response,
  };
}

describe.each(DATABASE_KINDS)("hosts, origins and logs on %s", (kind) => {
  let database: TestDatabase;
  let services: AppServices & { close(): Promise<void> };
  let site: Site;
  let server: Server;
  let port: number;
  let origin: string;
  const lines: string[] = [];
  const logged = (): LogLine[] => lines.map((line) => JSON.parse(line) as LogLine);

  beforeAll(async () => {
    database = await createTestDatabase(kind, { seeded: true });
    port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    const config = testConfig(database.url, {
      PUBLIC_URL: origin,
      SIGN_IN_RATE_LIMIT: "100000",
      PREVIEW_SECRET: "p".repeat(40),
    });
    const capture = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    services = await createServices(config, createLogger("info", capture));
    site = createSite(services);
    server = createServer(site.listener);
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await services?.close();
    await database?.drop();
  });

  const counts = async () => {
    const db = services.database.db;
    const count = async (table: "users" | "sessions" | "articles") =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return { users: await count("users"), sessions: await count("sessions"), articles: await count("articles") };
  };

  describe("Host and Origin (item 4)", () => {
    it("signs in through the development sign-in and writes under the site's own name", async () => {
      const { session, write } = await signInAndWrite(port, origin);
      expect(session).toBeDefined();
      expect(write.status).toBe(201);
    });

    it("answers a forged Host with a matching Origin 421 before any handler: no sign-in, no write", async () => {
      const before = await counts();
      const { form, session, write } = await signInAndWrite(port, `http://evil.example:${port}`);
      expect(form.status).toBe(421);
      expect(JSON.parse(form.text)).toMatchObject({
        error: { code: "unknown_host", message: expect.stringContaining(origin) },
      });
      expect(session).toBeUndefined();
      expect(write.status).toBe(421);
      expect(await counts()).toEqual(before);

      // Not with a session taken elsewhere either.
      const admin = await signedInCookie(services, { email: `rebound-admin-${kind}@example.com`, isAdmin: true });
      const token = (await xsrfHeaders(siteAt(port, origin), admin))["x-xsrf-token"];
      const evil = `http://evil.example:${port}`;
      const forged = await siteAt(port, evil).request("/api/admin/articles", {
        method: "POST",
        headers: { cookie: `${admin}; XSRF-TOKEN=${token}`, "x-xsrf-token": token, "content-type": "application/json" },
        body: JSON.stringify({ author: evil }),
      });
      expect(forged.status).toBe(421);
      expect((await counts()).articles).toBe(before.articles);
    });

    it("refuses a write whose Origin matches only its own forged Host, should a request get past the listener", async () => {
      const before = await counts();
      const admin = await signedInCookie(services, { email: `inner-${kind}@example.com`, isAdmin: true });
      const token = (await xsrfHeaders(site.app, admin))["x-xsrf-token"];
      const evil = `http://evil.example:${port}`;
      const write = await site.app.request(`${evil}/api/admin/articles`, {
        method: "POST",
        headers: {
          origin: evil,
          cookie: `${admin}; XSRF-TOKEN=${token}`,
          "x-xsrf-token": token,
          "content-type": "application/json",
        },
        body: JSON.stringify({ author: "Inner" }),
      });
      expect(write.status).toBe(403);
      expect(await write.json()).toMatchObject({ error: { code: "cross_site_request" } });
      expect((await counts()).articles).toBe(before.articles);
    });

    it("answers the probes whatever Host an orchestrator sends", async () => {
      expect((await send(port, "10.1.2.3:3000", "/healthz")).status).toBe(200);
      expect((await send(port, "10.1.2.3:3000", "/readyz")).status).toBe(200);
      expect((await send(port, "10.1.2.3:3000", "/en/welcome")).status).toBe(421);
    });
  });

  describe("the access log (item 3)", () => {
    it("never holds a working preview token", async () => {
      const admin = await signedInCookie(services, { email: `preview-${kind}@example.com`, isAdmin: true });
      const call = withVersionTags(
        adminApiCaller<{ article?: AdminArticle; preview?: PreviewLink }>(
          site.app,
          "/api/admin/articles",
          { admin, user: "", anonymous: "" },
          await xsrfHeaders(site.app),
        ),
      );
      const { article } = (await call("POST", "", { body: { author: "Previewer" } })).json!;
      await call("PUT", `/${article!.id}/versions/en-US`, {
        body: { title: "Secret draft", summary: "S.", body: "Text.", coverAlt: "", status: "draft" },
      });
      const link = (await call("POST", `/${article!.id}/versions/en-US/previews`, { body: {} })).json!.preview!;
      const path = new URL(link.url!).pathname;
      const token = path.split("/").at(-1)!;

      const from = lines.length;
      const page = await send(port, `127.0.0.1:${port}`, path, { headers: { accept: "text/html" } });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("Secret draft");
      expect((await send(port, `127.0.0.1:${port}`, `${path}.data`)).status).toBeLessThan(500);
      expect((await send(port, "evil.example", `${path}?returnTo=${encodeURIComponent(path)}`)).status).toBe(421);

      const written = lines.slice(from).join("");
      expect(written).not.toContain(token.split(".").at(-1));
      const requests = logged().slice(from);
      expect(requests).toContainEqual(
        expect.objectContaining({ msg: "request", path: "/en/preview/[redacted]", status: 200 }),
      );
      expect(requests).toContainEqual(
        expect.objectContaining({ status: 421, target: "/en/preview/[redacted]?returnTo=[redacted]" }),
      );
    });

    it("redacts every route whose address carries a `:token`: a new signed link must name its segment in server/base/log.ts", () => {
      type RouteEntry = { path?: string; children?: RouteEntry[] };
      const paths = (entries: RouteEntry[], prefix = ""): string[] =>
        entries.flatMap((entry) => {
          const path = entry.path === undefined ? prefix : `${prefix}/${entry.path}`;
          return [path, ...paths(entry.children ?? [], path)];
        });
      const signed = paths(appRoutes as RouteEntry[]).filter((path) => /:token\b/.test(path));
      expect(signed.length).toBeGreaterThan(0);
      for (const path of signed) {
        const example = path.replace(/:token\b/, "1.2.SECRET").replace(/:(\w+)\??/g, "x");
        expect(redactPath(example), path).not.toContain("SECRET");
      }
    });
  });

  describe("methods no route takes (item 9)", () => {
    const paths = ["/en/articles", "/en/welcome", "/healthz", "/sitemap.xml", "/robots.txt", "/nowhere"];

    it.each(["OPTIONS", "POST", "PUT", "DELETE", "PATCH"])(
      "answers %s with 405, Allow and the JSON error, logged at info at most",
      async (method) => {
        const { cookie, "x-xsrf-token": token } = await xsrfHeaders(site.app);
        const from = lines.length;
        for (const path of paths) {
          const response = await send(port, `127.0.0.1:${port}`, path, {
            method,
            headers: { cookie, "x-xsrf-token": token, origin, accept: "*/*" },
          });
          expect(response.status, `${method} ${path}`).toBe(405);
          expect(response.headers.get("allow")).toBe("GET, HEAD");
          expect(await response.json()).toEqual({
            error: {
              code: "method_not_allowed",
              message: `${method} is not allowed here: this address answers GET and HEAD only.`,
            },
          });
        }
        const requests = logged().slice(from);
        expect(requests.filter((line) => line.level > 30)).toEqual([]);
        expect(requests.filter((line) => line.msg === "request" && line.status === 405)).toHaveLength(paths.length);
      },
    );

    it("answers a browser's form sent to a page with the small error page, 405 and Allow", async () => {
      const { cookie, "x-xsrf-token": token } = await xsrfHeaders(site.app);
      const response = await send(port, `127.0.0.1:${port}`, "/en/articles", {
        method: "POST",
        headers: { cookie, origin, accept: "text/html", "content-type": "application/x-www-form-urlencoded" },
        body: `_xsrf=${token}&q=x`,
      });
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe("GET, HEAD");
      expect(response.headers.get("content-type")).toContain("text/html");
      expect(await response.text()).toContain("POST is not allowed here: this address answers GET and HEAD only.");
    });

    it.each([
      ["PUT", "/init/file/languages", "GET, HEAD"],
      ["POST", "/sitemaps/pages-0.xml", "GET, HEAD"],
      ["DELETE", "/api/analytics/events", "POST"],
      ["POST", "/auth/github/start", "GET, HEAD"],
      ["PUT", "/api/openapi.json", "GET, HEAD"],
    ])("answers %s %s, an address routed for other methods, with 405 and Allow: %s", async (method, path, allow) => {
      const { cookie, "x-xsrf-token": token } = await xsrfHeaders(site.app);
      const response = await send(port, `127.0.0.1:${port}`, path, {
        method,
        headers: { cookie, "x-xsrf-token": token, origin, accept: "*/*" },
      });
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe(allow);
      expect(await response.json()).toMatchObject({ error: { code: "method_not_allowed" } });
    });

    it("keeps 404 for an address no route takes with any method, and for a missing resource", async () => {
      const { cookie, "x-xsrf-token": token } = await xsrfHeaders(site.app);
      expect(
        (
          await send(port, `127.0.0.1:${port}`, "/api/nowhere", {
            method: "DELETE",
            headers: { cookie, "x-xsrf-token": token, origin, accept: "*/*" },
          })
        ).status,
      ).toBe(404);
      expect((await send(port, `127.0.0.1:${port}`, "/init/file/nothing")).status).toBe(404);
    });

    it("still answers GET and HEAD on the same addresses", async () => {
      for (const path of paths.slice(0, -1)) {
        expect((await send(port, `127.0.0.1:${port}`, path)).status, path).toBe(200);
        expect((await send(port, `127.0.0.1:${port}`, path, { method: "HEAD" })).status, path).toBe(200);
      }
    });
  });
});
