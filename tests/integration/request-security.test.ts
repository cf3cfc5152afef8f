/**
 * Issue 8 items 2, 4, 5 and 8 through the real HTTP app on both databases:
 * XSRF tied to the session and checked with Origin/Sec-Fetch-Site before any
 * body is read; route body limits; NUL and lone surrogates refused the same
 * way on SQLite and PostgreSQL; analytics limits and retention.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pruneEvents, recordEvent } from "#server/analytics/events.ts";
import { DATABASE_KINDS, signedInCookie, startTestApp, xsrfHeaders } from "./support.ts";

type TestApp = Awaited<ReturnType<typeof startTestApp>>;

/** A body that never ends: a server that waited for it would never answer. */
function endlessBody(): ReadableStream<Uint8Array> {
  return new ReadableStream({
    pull: (controller) =>
      new Promise((resolve) => setTimeout(() => resolve(controller.enqueue(new Uint8Array(1024))), 5)),
  });
}

describe.each(DATABASE_KINDS)("request security on %s", (kind) => {
  let testApp: TestApp;
  let anonymous: Awaited<ReturnType<typeof xsrfHeaders>>;
  let adminSession: string;
  let admin: Awaited<ReturnType<typeof xsrfHeaders>>;

  beforeAll(async () => {
    testApp = await startTestApp(kind, {
      env: { ANALYTICS_RATE_LIMIT: "100000", ANALYTICS_EVENTS_PER_MINUTE: "100000" },
    });
    anonymous = await xsrfHeaders(testApp.app);
    adminSession = await signedInCookie(testApp.services, { email: `admin-${kind}@example.com`, isAdmin: true });
    admin = await xsrfHeaders(testApp.app, adminSession);
  });
  afterAll(() => testApp?.close());

  const asAdmin = (path: string, init: { method: string; json?: unknown; headers?: Record<string, string> }) =>
    testApp.app.request(path, {
      method: init.method,
      headers: {
        cookie: `${admin.cookie}; ${adminSession}`,
        "x-xsrf-token": admin["x-xsrf-token"],
        "content-type": "application/json",
        ...init.headers,
      },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });

  const postEvent = (body: string, headers: Record<string, string> = {}) =>
    testApp.app.request("/api/analytics/events", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        cookie: anonymous.cookie,
        "x-xsrf-token": anonymous["x-xsrf-token"],
        ...headers,
      },
      body,
    });

  describe("XSRF and origin", () => {
    it("accepts a same-origin write with the session's token", async () => {
      const response = await asAdmin("/api/admin/users/nobody/admin", {
        method: "POST",
        json: { isAdmin: true },
        headers: { origin: "http://localhost:3000", "sec-fetch-site": "same-origin" },
      });
      expect(response.status).toBe(404);
    });

    it.each([
      ["Origin of another site", { origin: "https://evil.example" }],
      // app.request()'s URL is http://localhost/…: an Origin built from the request's own Host is not the site's (issue 41 item 4).
      ["Origin of the request's own Host, not a configured origin", { origin: "http://localhost" }],
      ["Origin null", { origin: "null" }],
      ["Sec-Fetch-Site cross-site", { "sec-fetch-site": "cross-site" }],
      ["Sec-Fetch-Site same-site", { "sec-fetch-site": "same-site" }],
    ])("refuses a valid token with %s: 403 cross_site_request", async (_name, headers) => {
      const response = await asAdmin("/api/admin/languages/1/favorite", { method: "POST", headers });
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ error: { code: "cross_site_request" } });
    });

    it("ties the token to the session: an anonymous token with a session cookie is refused", async () => {
      const response = await testApp.app.request("/api/admin/languages/1/favorite", {
        method: "POST",
        headers: { cookie: `${anonymous.cookie}; ${adminSession}`, "x-xsrf-token": anonymous["x-xsrf-token"] },
      });
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ error: { code: "xsrf_mismatch" } });
      expect(admin["x-xsrf-token"]).not.toBe(anonymous["x-xsrf-token"]);
    });

    it("puts the session's token in the cookie of any response that carries the session", async () => {
      const response = await testApp.app.request("/robots.txt", {
        headers: { cookie: `${anonymous.cookie}; ${adminSession}` },
      });
      expect(response.headers.getSetCookie()).toContainEqual(
        expect.stringMatching(new RegExp(`^XSRF-TOKEN=${admin["x-xsrf-token"]}; Path=/`)),
      );
    });

    it("clears an unknown session cookie and gives a fresh anonymous token", async () => {
      const response = await testApp.app.request("/robots.txt", {
        headers: { cookie: `${anonymous.cookie}; pp_session=${"x".repeat(43)}` },
      });
      const cookies = response.headers.getSetCookie();
      expect(cookies).toContainEqual(expect.stringMatching(/^pp_session=; .*Max-Age=0/));
      expect(cookies).toContainEqual(expect.stringMatching(/^XSRF-TOKEN=[A-Za-z0-9_-]{32}; Path=\//));
    });

    it("answers 403 without reading the body of a write that has no token", async () => {
      const response = await testApp.app.request("/en/articles", {
        method: "POST",
        body: endlessBody(),
        duplex: "half",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      } as RequestInit);
      expect(response.status).toBe(403);
      const crossSite = await testApp.app.request("/api/analytics/events", {
        method: "POST",
        body: endlessBody(),
        duplex: "half",
        headers: { ...anonymous, "content-type": "application/json", origin: "https://evil.example" },
      } as RequestInit);
      expect(crossSite.status).toBe(403);
    });
  });

  describe("body limits by route", () => {
    it.each([
      ["a page action", "/en/articles", 64 * 1024],
      ["an admin JSON route", "/api/admin/languages", 64 * 1024],
      ["the analytics route", "/api/analytics/events", 4 * 1024],
    ])("refuses %s body over its limit with 413, streamed or declared", async (_name, path, limit) => {
      const headers = {
        cookie: `${admin.cookie}; ${adminSession}`,
        "x-xsrf-token": admin["x-xsrf-token"],
        "content-type": "application/json",
      };
      const declared = await testApp.app.request(path, {
        method: "POST",
        headers: { ...headers, "content-length": String(limit + 1) },
        body: "x".repeat(limit + 1),
      });
      expect(declared.status).toBe(413);
      expect(await declared.json()).toMatchObject({ error: { code: "payload_too_large", field: "body" } });
      const streamed = await testApp.app.request(path, {
        method: "POST",
        headers,
        body: endlessBody(),
        duplex: "half",
      } as RequestInit);
      expect(streamed.status).toBe(413);
    });

    it("reads a plain form's _xsrf field within the route's limit", async () => {
      const form = (size: number) =>
        testApp.app.request("/api/analytics/events", {
          method: "POST",
          headers: { cookie: anonymous.cookie, "content-type": "application/x-www-form-urlencoded" },
          body: `_xsrf=${anonymous["x-xsrf-token"]}&pad=${"x".repeat(size)}`,
        });
      expect((await form(100)).status).toBe(415);
      expect((await form(5000)).status).toBe(413);
    });
  });

  describe("text a database cannot store the same way", () => {
    const cases: [string, string, string, unknown, string][] = [
      [
        "an analytics path with NUL",
        "POST",
        "/api/analytics/events",
        { name: "page_view", path: "/en/\u0000" },
        "path",
      ],
      [
        "an analytics path with a lone surrogate",
        "POST",
        "/api/analytics/events",
        { name: "page_view", path: "/en/\ud800" },
        "path",
      ],
      [
        "a translation label with NUL",
        "PUT",
        "/api/admin/translations/SITE:TITLE/fr-FR",
        { label: "Polyglot\u0000Press" },
        "label",
      ],
      [
        "a translation label with a lone surrogate",
        "PUT",
        "/api/admin/translations/SITE:TITLE/fr-FR",
        { label: "Polyglot \udc00" },
        "label",
      ],
      ["an article author with NUL", "POST", "/api/admin/articles", { author: "Ada\u0000Lovelace" }, "author"],
      [
        "an article's tag with a lone surrogate",
        "POST",
        "/api/admin/articles",
        { author: "Ada", tags: ["ok", "\ud83d"] },
        "tags.1",
      ],
      ["a key with NUL", "POST", "/api/admin/articles", { author: "Ada", "x\u0000": 1 }, "x\\0"],
    ];

    it.each(cases)(
      "refuses %s with a 400 naming the field, storing nothing",
      async (_name, method, path, json, field) => {
        const before = await Promise.all([
          testApp.services.database.db
            .selectFrom("analytics_events")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow(),
          testApp.services.database.db
            .selectFrom("articles")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow(),
        ]);
        const response = path.startsWith("/api/admin")
          ? await asAdmin(path, { method, json })
          : await postEvent(JSON.stringify(json));
        expect(response.status).toBe(400);
        const body = (await response.json()) as { error: { field: string; message: string } };
        expect(body.error.field).toBe(field);
        expect(body.error.message).toMatch(/NUL|lone surrogate/);
        const after = await Promise.all([
          testApp.services.database.db
            .selectFrom("analytics_events")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow(),
          testApp.services.database.db
            .selectFrom("articles")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow(),
        ]);
        expect(after.map((row) => Number(row.n))).toEqual(before.map((row) => Number(row.n)));
      },
    );

    it("refuses NUL in a query parameter the same way", async () => {
      const response = await testApp.app.request(`/api/admin/articles?q=${encodeURIComponent("a\u0000")}`, {
        headers: { cookie: `${admin.cookie}; ${adminSession}` },
      });
      expect(response.status).toBe(400);
    });
  });

  describe("analytics", () => {
    it("limits events per client with 429 and Retry-After", async () => {
      const limited = await startTestApp(kind, { env: { ANALYTICS_RATE_LIMIT: "3" } });
      try {
        const token = await xsrfHeaders(limited.app);
        const send = () =>
          limited.app.request("/api/analytics/events", {
            method: "POST",
            headers: { ...token, "content-type": "application/json" },
            body: JSON.stringify({ name: "page_view", path: "/en" }),
          });
        expect([(await send()).status, (await send()).status, (await send()).status]).toEqual([201, 201, 201]);
        const refused = await send();
        expect(refused.status).toBe(429);
        expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
        expect(await refused.json()).toMatchObject({ error: { code: "rate_limited" } });
      } finally {
        await limited.close();
      }
    });

    it("stores at most the site-wide budget a minute and acknowledges the rest without storing", async () => {
      const budgeted = await startTestApp(kind, { env: { ANALYTICS_EVENTS_PER_MINUTE: "2" } });
      try {
        const token = await xsrfHeaders(budgeted.app);
        const statuses: number[] = [];
        for (let i = 0; i < 5; i += 1) {
          const response = await budgeted.app.request("/api/analytics/events", {
            method: "POST",
            headers: { ...token, "content-type": "application/json" },
            body: JSON.stringify({ name: "page_view", path: `/en/${i}` }),
          });
          statuses.push(response.status);
        }
        expect(statuses).toEqual([201, 201, 202, 202, 202]);
        const stored = await budgeted.services.database.db
          .selectFrom("analytics_events")
          .select("path")
          .where("name", "=", "page_view")
          .execute();
        expect(stored.map((row) => row.path).sort()).toEqual(["/en/0", "/en/1"]);
      } finally {
        await budgeted.close();
      }
    });

    it("prunes events older than the retention period, keeping the rest", async () => {
      const db = testApp.services.database.db;
      const now = new Date("2026-06-01T12:00:00Z");
      const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
      await recordEvent(db, { name: "lang_901", path: "/old" }, daysAgo(401));
      await recordEvent(db, { name: "lang_901", path: "/kept" }, daysAgo(399));
      expect(testApp.config.analytics.retentionDays).toBe(400);
      expect(await pruneEvents(db, testApp.config.analytics.retentionDays, now)).toBeGreaterThanOrEqual(1);
      const left = await db.selectFrom("analytics_events").select("path").where("name", "=", "lang_901").execute();
      expect(left.map((row) => row.path)).toEqual(["/kept"]);
    });
  });
});
