/**
 * The authorization matrix (decision 0072): every admin API endpoint, found in
 * the mounted app, × anonymous / user / translator (fr) / editor / admin,
 * with the status each must answer, on both databases. A mounted route without
 * its declaration (server/http/endpoint.ts, decision 0175), or without a row
 * here, fails the first test; a route without a declaration is refused.
 *
 * Each request is built to pass the gate and then stop short of writing (an
 * unknown id, an invalid body, a dry run), so the expected status of an
 * allowed cell is that 4xx or a 200 read — never 401/403. The one exception
 * shows the point of the matrix: a German string, written by the editor and
 * the admin (200) and refused to the French translator (403).
 *
 * Reads too (issue 41 item 10, decision 0147): a translator reads their own
 * languages and the source they translate from, nothing else of another
 * language — the rows for German reads, and the last tests, which check what
 * each read sends a French translator.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "#app/routes.ts";
import { ADMIN_PAGES } from "#core/auth/admin-pages.ts";
import { labelsReading, ownReading } from "#core/auth/reading.ts";
import type { Grant } from "#core/auth/roles.ts";
import { dashboardFigures } from "#server/admin/dashboard/service.ts";
import { jobLabels, listRomes } from "#server/admin/romes/service.ts";
import { translationDashboard, translationDashboardAsReadBy } from "#server/admin/translation-dashboard/service.ts";
import { ADMIN_ENDPOINTS } from "#server/web/admin-api.ts";
import { ADMIN_API_PREFIX, declarationOf } from "#server/http/endpoint.ts";
import { DATABASE_KINDS, signedInCookie, startTestApp, xsrfHeaders } from "./support.ts";

type TestApp = Awaited<ReturnType<typeof startTestApp>>;
const WHO = ["anonymous", "user", "translatorFr", "editor", "admin"] as const;
type Who = (typeof WHO)[number];
type Statuses = [anonymous: number, user: number, translatorFr: number, editor: number, admin: number];

const frenchFile = (language: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en-US" trgLang="${language}"><file id="ui-strings"><unit id="NO:SUCH_KEY"><segment><source>x</source><target>y</target></segment></unit></file></xliff>`;

/** [endpoint, method, path under /api/admin, body, statuses]; an endpoint may have several rows (its own language and another). */
const MATRIX: [string, string, string, unknown, Statuses][] = [
  ["GET /languages", "GET", "/languages", undefined, [401, 403, 200, 200, 200]],
  ["POST /languages", "POST", "/languages", {}, [401, 403, 403, 403, 400]],
  ["GET /languages/:id", "GET", "/languages/999999", undefined, [401, 403, 404, 404, 404]],
  ["PATCH /languages/:id", "PATCH", "/languages/999999", {}, [401, 403, 403, 403, 400]],
  ["POST /languages/:id/favorite", "POST", "/languages/999999/favorite", undefined, [401, 403, 403, 403, 404]],
  ["GET /languages/:id/content", "GET", "/languages/999999/content", undefined, [401, 403, 403, 403, 404]],
  ["DELETE /languages/:id", "DELETE", "/languages/999999?content=keep", undefined, [401, 403, 403, 403, 404]],

  ["GET /translations", "GET", "/translations", undefined, [401, 403, 200, 200, 200]],
  [
    "GET /translations/export",
    "GET",
    "/translations/export?lang=fr&format=xliff",
    undefined,
    [401, 403, 200, 200, 200],
  ],
  ["GET /translations/export", "GET", "/translations/export?lang=de&format=po", undefined, [401, 403, 403, 200, 200]],
  [
    "POST /translations/import",
    "POST",
    "/translations/import",
    { content: frenchFile("fr-FR"), dryRun: true },
    [401, 403, 422, 422, 422],
  ],
  [
    "POST /translations/import",
    "POST",
    "/translations/import",
    { content: frenchFile("de-DE"), dryRun: true },
    [401, 403, 403, 422, 422],
  ],
  ["POST /translations", "POST", "/translations", {}, [401, 403, 403, 400, 400]],
  ["PUT /translations/:key/:code", "PUT", "/translations/NAV:HOME/fr-FR", {}, [401, 403, 400, 400, 400]],
  // A French translator editing a German string; the others get past the gate to the precondition (decision 0151).
  [
    "PUT /translations/:key/:code",
    "PUT",
    "/translations/NAV:HOME/de-DE",
    { label: "Start" },
    [401, 403, 403, 428, 428],
  ],
  ["GET /translations/:key/:code", "GET", "/translations/NAV:HOME/fr-FR", undefined, [401, 403, 200, 200, 200]],
  ["GET /translations/:key/:code", "GET", "/translations/NAV:HOME/de-DE", undefined, [401, 403, 403, 200, 200]],
  [
    "DELETE /translations/:key/:code",
    "DELETE",
    "/translations/NO:SUCH_KEY/de-DE",
    undefined,
    [401, 403, 403, 404, 404],
  ],

  ["GET /articles", "GET", "/articles", undefined, [401, 403, 200, 200, 200]],
  ["GET /articles", "GET", "/articles?language=fr-FR&status=draft", undefined, [401, 403, 200, 200, 200]],
  // Which articles have a German draft is not a French translator's to learn.
  ["GET /articles", "GET", "/articles?language=de-DE&status=draft", undefined, [401, 403, 403, 200, 200]],
  ["POST /articles", "POST", "/articles", {}, [401, 403, 403, 400, 400]],
  ["GET /articles/:id", "GET", "/articles/999999", undefined, [401, 403, 404, 404, 404]],
  ["PATCH /articles/:id", "PATCH", "/articles/999999", {}, [401, 403, 403, 400, 400]],
  ["DELETE /articles/:id", "DELETE", "/articles/999999", undefined, [401, 403, 403, 404, 404]],
  ["GET /articles/:id/versions/:code", "GET", "/articles/999999/versions/fr-FR", undefined, [401, 403, 404, 404, 404]],
  ["GET /articles/:id/versions/:code", "GET", "/articles/999999/versions/de-DE", undefined, [401, 403, 403, 404, 404]],
  [
    "PUT /articles/:id/versions/:code",
    "PUT",
    "/articles/999999/versions/fr-FR",
    { title: "T", body: "", status: "draft" },
    [401, 403, 404, 404, 404],
  ],
  [
    "PUT /articles/:id/versions/:code",
    "PUT",
    "/articles/999999/versions/de-DE",
    { title: "T", body: "", status: "draft" },
    [401, 403, 403, 404, 404],
  ],
  [
    "DELETE /articles/:id/versions/:code",
    "DELETE",
    "/articles/999999/versions/fr-FR",
    undefined,
    [401, 403, 403, 404, 404],
  ],
  [
    "POST /articles/:id/versions/:code/up-to-date",
    "POST",
    "/articles/999999/versions/fr-FR/up-to-date",
    undefined,
    [401, 403, 403, 404, 404],
  ],
  [
    "POST /articles/:id/versions/:code/up-to-date",
    "POST",
    "/articles/999999/versions/de-DE/up-to-date",
    undefined,
    [401, 403, 403, 404, 404],
  ],
  [
    "POST /articles/:id/versions/:code/discard",
    "POST",
    "/articles/999999/versions/fr-FR/discard",
    undefined,
    [401, 403, 404, 404, 404],
  ],
  [
    "POST /articles/:id/versions/:code/discard",
    "POST",
    "/articles/999999/versions/de-DE/discard",
    undefined,
    [401, 403, 403, 404, 404],
  ],
  [
    "GET /articles/:id/versions/:code/source-changes",
    "GET",
    "/articles/999999/versions/fr-FR/source-changes",
    undefined,
    [401, 403, 404, 404, 404],
  ],
  [
    "GET /articles/:id/versions/:code/source-changes",
    "GET",
    "/articles/999999/versions/de-DE/source-changes",
    undefined,
    [401, 403, 403, 404, 404],
  ],
  [
    "GET /articles/:id/versions/:code/publishing",
    "GET",
    "/articles/999999/versions/fr-FR/publishing",
    undefined,
    [401, 403, 404, 404, 404],
  ],
  [
    "GET /articles/:id/versions/:code/publishing",
    "GET",
    "/articles/999999/versions/de-DE/publishing",
    undefined,
    [401, 403, 403, 404, 404],
  ],
  [
    "POST /articles/:id/versions/:code/publish",
    "POST",
    "/articles/999999/versions/fr-FR/publish",
    undefined,
    [401, 403, 403, 404, 404],
  ],
  [
    "POST /articles/:id/versions/:code/unpublish",
    "POST",
    "/articles/999999/versions/fr-FR/unpublish",
    undefined,
    [401, 403, 403, 404, 404],
  ],
  [
    "PUT /articles/:id/versions/:code/schedules/:action",
    "PUT",
    "/articles/999999/versions/fr-FR/schedules/publish",
    {},
    [401, 403, 403, 400, 400],
  ],
  [
    "DELETE /articles/:id/versions/:code/schedules/:action",
    "DELETE",
    "/articles/999999/versions/fr-FR/schedules/publish",
    undefined,
    [401, 403, 403, 404, 404],
  ],
  [
    "POST /articles/:id/versions/:code/previews",
    "POST",
    "/articles/999999/versions/fr-FR/previews",
    {},
    [401, 403, 404, 404, 404],
  ],
  [
    "DELETE /articles/:id/versions/:code/previews/:linkId",
    "DELETE",
    "/articles/999999/versions/fr-FR/previews/999999",
    undefined,
    [401, 403, 404, 404, 404],
  ],
  [
    "GET /articles/:id/versions/:code/revisions",
    "GET",
    "/articles/999999/versions/fr-FR/revisions",
    undefined,
    [401, 403, 200, 200, 200],
  ],
  [
    "GET /articles/:id/versions/:code/revisions",
    "GET",
    "/articles/999999/versions/de-DE/revisions",
    undefined,
    [401, 403, 403, 200, 200],
  ],
  // The source's revisions too: the translator reads the source's text, not its history.
  [
    "GET /articles/:id/versions/:code/revisions",
    "GET",
    "/articles/999999/versions/en-US/revisions",
    undefined,
    [401, 403, 403, 200, 200],
  ],
  [
    "GET /articles/:id/versions/:code/revisions/compare",
    "GET",
    "/articles/999999/versions/fr-FR/revisions/compare?from=1&to=2",
    undefined,
    [401, 403, 404, 404, 404],
  ],
  [
    "GET /articles/:id/versions/:code/revisions/compare",
    "GET",
    "/articles/999999/versions/de-DE/revisions/compare?from=1&to=2",
    undefined,
    [401, 403, 403, 404, 404],
  ],
  [
    "GET /articles/:id/versions/:code/revisions/:revisionId",
    "GET",
    "/articles/999999/versions/fr-FR/revisions/999999",
    undefined,
    [401, 403, 404, 404, 404],
  ],
  [
    "GET /articles/:id/versions/:code/revisions/:revisionId",
    "GET",
    "/articles/999999/versions/de-DE/revisions/999999",
    undefined,
    [401, 403, 403, 404, 404],
  ],
  [
    "POST /articles/:id/versions/:code/revisions/:revisionId/restore",
    "POST",
    "/articles/999999/versions/fr-FR/revisions/999999/restore",
    undefined,
    [401, 403, 403, 404, 404],
  ],
  [
    "PUT /articles/:id/versions/:code/presence",
    "PUT",
    "/articles/999999/versions/fr-FR/presence",
    undefined,
    [401, 403, 404, 404, 404],
  ],
  [
    "PUT /articles/:id/versions/:code/presence",
    "PUT",
    "/articles/999999/versions/de-DE/presence",
    undefined,
    [401, 403, 403, 404, 404],
  ],
  // Leaving is idempotent: nothing to say about an editor that was never open.
  [
    "DELETE /articles/:id/versions/:code/presence",
    "DELETE",
    "/articles/999999/versions/fr-FR/presence",
    undefined,
    [401, 403, 204, 204, 204],
  ],
  [
    "DELETE /articles/:id/versions/:code/presence",
    "DELETE",
    "/articles/999999/versions/de-DE/presence",
    undefined,
    [401, 403, 403, 204, 204],
  ],

  ["GET /users", "GET", "/users", undefined, [401, 403, 403, 403, 200]],
  ["GET /users/:uid/role", "GET", "/users/nobody/role", undefined, [401, 403, 403, 403, 404]],
  ["PUT /users/:uid/role", "PUT", "/users/nobody/role", { role: "user" }, [401, 403, 403, 403, 404]],

  ["GET /analytics/summary", "GET", "/analytics/summary", undefined, [401, 403, 403, 200, 200]],

  ["GET /webhooks", "GET", "/webhooks", undefined, [401, 403, 403, 403, 200]],
  ["POST /webhooks", "POST", "/webhooks", {}, [401, 403, 403, 403, 400]],
  ["GET /webhooks/:id", "GET", "/webhooks/999999", undefined, [401, 403, 403, 403, 404]],
  ["PATCH /webhooks/:id", "PATCH", "/webhooks/999999", {}, [401, 403, 403, 403, 404]],
  ["DELETE /webhooks/:id", "DELETE", "/webhooks/999999", undefined, [401, 403, 403, 403, 404]],
  ["GET /webhooks/:id/deliveries", "GET", "/webhooks/999999/deliveries", undefined, [401, 403, 403, 403, 404]],
  [
    "POST /webhooks/:id/deliveries/:deliveryId/redeliver",
    "POST",
    "/webhooks/999999/deliveries/1/redeliver",
    undefined,
    [401, 403, 403, 403, 404],
  ],

  ["GET /api-keys", "GET", "/api-keys", undefined, [401, 403, 403, 403, 200]],
  ["POST /api-keys", "POST", "/api-keys", {}, [401, 403, 403, 403, 400]],
  ["POST /api-keys/:id/revoke", "POST", "/api-keys/999999/revoke", undefined, [401, 403, 403, 403, 404]],
  ["GET /memory/matches", "GET", "/memory/matches?from=en&to=fr&text=River", undefined, [401, 403, 200, 200, 200]],
  ["GET /memory/matches", "GET", "/memory/matches?from=en&to=de&text=River", undefined, [401, 403, 403, 200, 200]],
  ["GET /glossary", "GET", "/glossary?from=en&to=fr", undefined, [401, 403, 200, 200, 200]],
  ["GET /glossary", "GET", "/glossary?from=en&to=de", undefined, [401, 403, 403, 200, 200]],
  ["GET /glossary/export", "GET", "/glossary/export?from=en&to=fr", undefined, [401, 403, 200, 200, 200]],
  ["GET /glossary/export", "GET", "/glossary/export?from=en&to=de", undefined, [401, 403, 403, 200, 200]],
  ["POST /glossary/import", "POST", "/glossary/import", {}, [401, 403, 403, 400, 400]],
  // A French translator proposes French terms only; "xx" is no language, so the others stop at the 400.
  [
    "POST /glossary",
    "POST",
    "/glossary",
    { from: "xx", to: "fr", term: "t", translation: "t" },
    [401, 403, 400, 400, 400],
  ],
  [
    "POST /glossary",
    "POST",
    "/glossary",
    { from: "xx", to: "de", term: "t", translation: "t" },
    [401, 403, 403, 400, 400],
  ],
  // No provider is configured here: whoever may translate the language gets as far as the 404 that says so.
  [
    "POST /machine-translation/:code",
    "POST",
    "/machine-translation/fr",
    { from: "en", segments: [{ text: "River" }] },
    [401, 403, 404, 404, 404],
  ],
  [
    "POST /machine-translation/:code",
    "POST",
    "/machine-translation/de",
    { from: "en", segments: [{ text: "River" }] },
    [401, 403, 403, 404, 404],
  ],
  ["GET /glossary/:id", "GET", "/glossary/999999", undefined, [401, 403, 403, 404, 404]],
  ["PATCH /glossary/:id", "PATCH", "/glossary/999999", {}, [401, 403, 403, 404, 404]],
  ["DELETE /glossary/:id", "DELETE", "/glossary/999999", undefined, [401, 403, 403, 404, 404]],

  ["GET /audit", "GET", "/audit", undefined, [401, 403, 403, 403, 200]],
  ["GET /audit/facets", "GET", "/audit/facets", undefined, [401, 403, 403, 403, 200]],

  ["GET /romes/export.csv", "GET", "/romes/export.csv", undefined, [401, 403, 200, 200, 200]],
  ["GET /romes/:code/labels/:languageCode", "GET", "/romes/N9999/labels/fr-FR", undefined, [401, 403, 404, 404, 404]],
  ["GET /romes/:code/labels/:languageCode", "GET", "/romes/N9999/labels/de-DE", undefined, [401, 403, 403, 404, 404]],
  [
    "PUT /romes/:code/labels/:languageCode",
    "PUT",
    "/romes/N9999/labels/fr-FR",
    { label: "x" },
    [401, 403, 404, 404, 404],
  ],
  [
    "PUT /romes/:code/labels/:languageCode",
    "PUT",
    "/romes/N9999/labels/de-DE",
    { label: "x" },
    [401, 403, 403, 404, 404],
  ],
  [
    "DELETE /romes/:code/labels/:languageCode",
    "DELETE",
    "/romes/N9999/labels/de-DE",
    undefined,
    [401, 403, 403, 404, 404],
  ],
  ["POST /romes/imports", "POST", "/romes/imports", {}, [401, 403, 403, 400, 400]],
  ["PUT /romes/imports/:id/chunks/:index", "PUT", "/romes/imports/nope/chunks/0", undefined, [401, 403, 403, 404, 404]],
  ["POST /romes/imports/:id/apply", "POST", "/romes/imports/nope/apply", undefined, [401, 403, 403, 404, 404]],

  ["GET /media", "GET", "/media", undefined, [401, 403, 200, 200, 200]],
  ["POST /media", "POST", "/media", undefined, [401, 403, 403, 400, 400]],
  ["GET /media/:id", "GET", "/media/999999", undefined, [401, 403, 404, 404, 404]],
  ["GET /media/:id/alt", "GET", "/media/999999/alt", undefined, [401, 403, 404, 404, 404]],
  ["PUT /media/:id/alt", "PUT", "/media/999999/alt", { alt: { "fr-FR": "x" } }, [401, 403, 404, 404, 404]],
  [
    "PUT /media/:id/alt",
    "PUT",
    "/media/999999/alt",
    { alt: { "fr-FR": "x", "de-DE": "y" } },
    [401, 403, 403, 404, 404],
  ],
  ["PUT /media/:id/alt/:code", "PUT", "/media/999999/alt/fr-FR", { alt: "x" }, [401, 403, 404, 404, 404]],
  ["PUT /media/:id/alt/:code", "PUT", "/media/999999/alt/de-DE", { alt: "x" }, [401, 403, 403, 404, 404]],
  ["DELETE /media/:id", "DELETE", "/media/999999", undefined, [401, 403, 403, 404, 404]],

  ["GET /preferences", "GET", "/preferences", undefined, [401, 403, 200, 200, 200]],
  ["PATCH /preferences", "PATCH", "/preferences", {}, [401, 403, 400, 400, 400]],
];

describe("every admin endpoint and screen has an access rule", () => {
  it("lists every screen of app/routes.ts under /admin in core/auth/admin-pages.ts", () => {
    const admin = routes.find((route) => route.path === "admin")!;
    // A pathless layout (routes/admin/screen.tsx) holds screens without adding to their path.
    const flat = (entries: typeof routes): typeof routes =>
      entries.flatMap((entry) => (entry.path === undefined && !entry.index ? flat(entry.children ?? []) : [entry]));
    const screens = flat(admin.children ?? []).map((child) => (child.index ? "/admin" : `/admin/${child.path}`));
    expect(screens.length).toBeGreaterThan(5);
    expect(screens.filter((screen) => !ADMIN_PAGES.some((page) => page.path === screen))).toEqual([]);
  });
});

describe.each(DATABASE_KINDS)("the authorization matrix on %s", (kind) => {
  let testApp: TestApp;
  const sessions: Record<Who, string> = { anonymous: "", user: "", translatorFr: "", editor: "", admin: "" };
  const tokens = new Map<Who, Awaited<ReturnType<typeof xsrfHeaders>>>();

  beforeAll(async () => {
    testApp = await startTestApp(kind);
    sessions.user = await signedInCookie(testApp.services, { email: "matrix-user@example.com" });
    sessions.translatorFr = await signedInCookie(testApp.services, {
      email: "matrix-fr@example.com",
      role: "translator",
      languages: ["fr-FR"],
    });
    sessions.editor = await signedInCookie(testApp.services, { email: "matrix-editor@example.com", role: "editor" });
    sessions.admin = await signedInCookie(testApp.services, { email: "matrix-admin@example.com", isAdmin: true });
    for (const who of WHO) tokens.set(who, await xsrfHeaders(testApp.app, sessions[who] || undefined));
  });
  afterAll(() => testApp.close());

  async function call(who: Who, method: string, path: string, body: unknown, headers: Record<string, string> = {}) {
    const token = tokens.get(who)!;
    const response = await testApp.app.request(`${ADMIN_API_PREFIX}${path}`, {
      method,
      headers: {
        "x-xsrf-token": token["x-xsrf-token"],
        cookie: [token.cookie, sessions[who]].filter(Boolean).join("; "),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, text: await response.text(), etag: response.headers.get("etag") };
  }
  /** If-Match the version as `who` reads it now. */
  const current = async (who: Who, path: string) => ({ "if-match": (await call(who, "GET", path, undefined)).etag! });

  it("has exactly one declaration and at least one row here for each mounted admin endpoint", () => {
    const routes = testApp.app.routes.filter(
      (route) => route.method !== "ALL" && route.path.startsWith(`${ADMIN_API_PREFIX}/`),
    );
    const key = (route: { method: string; path: string }) =>
      `${route.method} ${route.path.slice(ADMIN_API_PREFIX.length)}`;
    const mounted = [...new Set(routes.map(key))].sort();
    // Every route under /api/admin is a declared endpoint's, and each is declared once.
    const declared = routes.flatMap((route) => {
      const declaration = declarationOf(route.handler);
      return declaration === undefined ? [] : [`${declaration.method} ${declaration.path}`];
    });
    expect([...new Set(declared)].sort()).toEqual(mounted);
    expect(declared).toHaveLength(mounted.length);
    expect(ADMIN_ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.path}`).sort()).toEqual(mounted);
    expect([...new Set(MATRIX.map(([rule]) => rule))].sort()).toEqual(mounted);
  });

  it.each(MATRIX)(
    "%s: %s %s answers anonymous/user/translator(fr)/editor/admin as expected",
    async (_rule, method, path, body, expected) => {
      const answered: number[] = [];
      for (const who of WHO) {
        const reply = await call(who, method, path, body);
        answered.push(reply.status);
        if (reply.status === 401 || reply.status === 403)
          expect(reply.text, `${who}: a refusal says why`).toMatch(
            /"code":"(unauthenticated|forbidden)","message":"[^"]{20,}/,
          );
      }
      expect(answered).toEqual(expected);
    },
  );

  it("refuses a German string to a French translator with a message naming the language, and changes nothing", async () => {
    const before = await testApp.services.database.db
      .selectFrom("translations")
      .select("label")
      .where("code_component", "=", "NAV:HOME")
      .where("code", "=", "de-DE")
      .executeTakeFirstOrThrow();
    const reply = await call("translatorFr", "PUT", "/translations/NAV:HOME/de-DE", { label: "Heim" });
    expect(reply.status).toBe(403);
    expect(JSON.parse(reply.text)).toEqual({
      error: {
        code: "forbidden",
        message: "Your role does not allow this in de-DE (translate); ask an administrator for that language.",
      },
    });
    const after = await testApp.services.database.db
      .selectFrom("translations")
      .select("label")
      .where("code_component", "=", "NAV:HOME")
      .where("code", "=", "de-DE")
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    // Their own language: allowed, and saved from the text as it is.
    const current = await testApp.app.request(`${ADMIN_API_PREFIX}/translations/NAV:HOME/fr-FR`, {
      headers: { cookie: sessions.translatorFr },
    });
    expect(
      (
        await call(
          "translatorFr",
          "PUT",
          "/translations/NAV:HOME/fr-FR",
          { label: "Accueil" },
          { "if-match": current.headers.get("etag")! },
        )
      ).status,
    ).toBe(200);
  });

  it("lets a French translator save a French draft but not publish it without the right", async () => {
    const story = await testApp.services.database.db
      .selectFrom("articles")
      .select("id")
      .where("key", "=", "one-story-seven-languages")
      .executeTakeFirstOrThrow();
    const created = await call("editor", "POST", "/articles", { author: "Matrix", tags: [] });
    const id = (JSON.parse(created.text) as { article: { id: number } }).article.id;
    const version = `/articles/${id}/versions/fr-FR`;
    expect(
      (
        await call(
          "translatorFr",
          "PUT",
          version,
          { title: "Brouillon", body: "Texte", status: "draft" },
          { "if-none-match": "*" },
        )
      ).status,
    ).toBe(201);
    const publishing = await call(
      "translatorFr",
      "PUT",
      version,
      { title: "Brouillon", body: "Texte", status: "published" },
      await current("translatorFr", version),
    );
    expect(publishing.status).toBe(403);
    expect(publishing.text).toContain("publishing in fr-FR is an editor's or an administrator's");
    // An already published version: the translator's draft waits beside the live text (decision 0150).
    const live = `/articles/${story.id}/versions/fr-FR`;
    const pending = await call(
      "translatorFr",
      "PUT",
      live,
      { title: "Changé", body: "x", status: "draft" },
      await current("translatorFr", live),
    );
    expect(pending.status).toBe(200);
    expect(JSON.parse(pending.text)).toMatchObject({
      version: { status: "published", pendingChanges: { title: "Changé" } },
    });
    expect(
      (
        await call(
          "editor",
          "PUT",
          version,
          { title: "Brouillon", body: "Texte", status: "published" },
          await current("editor", version),
        )
      ).status,
    ).toBe(200);
  });

  describe("what a French translator reads of other languages: the source they translate from, nothing else", () => {
    const FRENCH_TRANSLATOR: Grant = { role: "translator", languages: ["fr-FR"], canPublish: false };
    const json = async <T>(who: Who, path: string) => {
      const reply = await call(who, "GET", path, undefined);
      expect(reply.status, `${who} GET ${path}: ${reply.text}`).toBe(200);
      return JSON.parse(reply.text) as T;
    };
    type Article = {
      id: number;
      key: string;
      sourceLanguage: string | null;
      versions: { code: string; title: string }[];
    };
    const codes = (article: Article) => article.versions.map((version) => version.code).sort();

    it("gets an article's French version and its source version, not the others; an editor gets all", async () => {
      // Written in English (the favorite) and in Japanese: the source of each is among the versions sent.
      for (const key of ["one-story-seven-languages", "chubo-no-kotoba"]) {
        const stored = await testApp.services.database.db
          .selectFrom("articles")
          .select(["id", "source_code"])
          .where("key", "=", key)
          .executeTakeFirst();
        if (!stored) continue;
        const all = (await json<{ article: Article }>("editor", `/articles/${stored.id}`)).article;
        const mine = (await json<{ article: Article }>("translatorFr", `/articles/${stored.id}`)).article;
        if (key === "one-story-seven-languages")
          expect([codes(all).length, codes(mine)]).toEqual([7, ["en-US", "fr-FR"]]);
        expect(codes(mine)).toEqual(codes(all).filter((code) => code === "fr-FR" || code === stored.source_code));
        expect(codes(mine)).toContain(stored.source_code);
      }
    });

    it("lists articles with those versions only, and filters by status in French only", async () => {
      const listed = (await json<{ articles: Article[] }>("translatorFr", "/articles")).articles;
      expect(listed.length).toBeGreaterThan(0);
      for (const article of listed)
        expect(
          codes(article).every((code) => code === "fr-FR" || code === article.sourceLanguage),
          article.key,
        ).toBe(true);
      // A German draft only: not among a French translator's drafts, though among an editor's.
      const created = await call("editor", "POST", "/articles", { author: "Reading", tags: [] });
      const id = (JSON.parse(created.text) as { article: { id: number } }).article.id;
      expect(
        (
          await call(
            "editor",
            "PUT",
            `/articles/${id}/versions/de-DE`,
            { title: "Nur Deutsch", body: "Entwurf", status: "draft" },
            { "if-none-match": "*" },
          )
        ).status,
      ).toBe(201);
      const drafts = async (who: Who) =>
        (await json<{ articles: Article[] }>(who, "/articles?status=draft")).articles.map((article) => article.id);
      expect(await drafts("editor")).toContain(id);
      expect(await drafts("translatorFr")).not.toContain(id);
      // Its own article page: the German source, since it is the source; a save answers with no more than a read.
      const mine = (await json<{ article: Article }>("translatorFr", `/articles/${id}`)).article;
      expect(codes(mine)).toEqual(["de-DE"]);
      const saved = await call(
        "translatorFr",
        "PUT",
        `/articles/${id}/versions/fr-FR`,
        { title: "Seulement", body: "Brouillon", status: "draft" },
        { "if-none-match": "*" },
      );
      expect(codes((JSON.parse(saved.text) as { article: Article }).article)).toEqual(["de-DE", "fr-FR"]);
      await call("editor", "DELETE", `/articles/${id}`, undefined);
    });

    it("gets the UI strings of French and of the favorite language only", async () => {
      const view = await json<{
        languages: { code: string }[];
        keys: { key: string; labels: Record<string, unknown> }[];
        completeness: Record<string, unknown>;
      }>("translatorFr", "/translations");
      expect(view.languages.map((language) => language.code).sort()).toEqual(["en-US", "fr-FR"]);
      expect(Object.keys(view.completeness).sort()).toEqual(["en-US", "fr-FR"]);
      expect(view.keys.length).toBeGreaterThan(10);
      for (const row of view.keys) expect(Object.keys(row.labels).sort(), row.key).toEqual(["en-US", "fr-FR"]);
      const editors = await json<{ languages: { code: string }[] }>("editor", "/translations");
      expect(editors.languages.length).toBeGreaterThan(2);
    });

    it("gets alt texts of French and of the favorite language only, and finds images by those alone", async () => {
      const page = await json<{
        items: { id: number; alt: Record<string, string>; rendition: { alt: Record<string, string> } }[];
      }>("translatorFr", "/media");
      for (const item of page.items) {
        expect(Object.keys(item.alt).every((code) => code === "fr-FR" || code === "en-US")).toBe(true);
        expect(Object.keys(item.rendition.alt).every((code) => code === "fr-FR" || code === "en-US")).toBe(true);
      }
    });

    it("gets the job labels of French (the official ones) only, the translation status and dashboard figures of French only", async () => {
      const services = testApp.services;
      const list = await listRomes(services, { query: "", domain: null, page: 1 }, labelsReading(FRENCH_TRANSLATOR));
      expect(list.languages.map((language) => language.code)).toEqual(["fr-FR"]);
      for (const row of list.rows) expect(row.labels.every((label) => label.languageCode === "fr-FR")).toBe(true);
      const code = list.rows[0]?.code;
      if (code !== undefined) {
        const labels = await jobLabels(services, code, labelsReading(FRENCH_TRANSLATOR));
        expect(Object.keys(labels!.labels)).toEqual(["fr-FR"]);
        expect(labels!.languages.map((language) => language.code)).toEqual(["fr-FR"]);
      }
      const status = translationDashboardAsReadBy(FRENCH_TRANSLATOR, await translationDashboard(services));
      expect(status.languages.map((language) => language.code)).toEqual(["fr-FR"]);
      const everything = await dashboardFigures(services);
      const french = await dashboardFigures(services, undefined, ownReading(FRENCH_TRANSLATOR));
      const frenchDrafts = await services.database.db
        .selectFrom("article_versions")
        .select("article_id")
        .distinct()
        .where("code", "=", "fr-FR")
        .where("status", "=", "draft")
        .execute();
      expect(french.articles.withDrafts).toBe(frenchDrafts.length);
      expect(french.articles.published).toBeLessThanOrEqual(everything.articles.published);
    });
  });
});
