import { afterAll, beforeAll, describe, expect, it } from "vitest";
import translations from "#server/seed/translations.json" with { type: "json" };
import { ADMIN_SOURCE } from "#server/admin/i18n/source.ts";
import {
  adminApiCaller,
  currentPreconditions,
  DATABASE_KINDS,
  expectAdminGateRefuses,
  signedInCookie,
  startTestApp,
  writingFromCurrentState,
  xsrfHeaders,
  type AdminApiCall,
  type Visitor,
} from "./support.ts";

type TestApp = Awaited<ReturnType<typeof startTestApp>>;

interface GridBody {
  languages: { code: string; label: string; enabled: boolean; dir: string }[];
  keys: { key: string; labels: Record<string, { label: string; search: string | null } | null> }[];
  completeness: Record<string, { translated: number; total: number; percent: number }>;
}

// The public site's strings and the admin area's (decision 0076): the grid lists both.
const UI_KEY_COUNT = Object.keys(translations).length + ADMIN_SOURCE.size;

describe.each(DATABASE_KINDS)("admin translations API on %s", (kind) => {
  let testApp: TestApp;
  let xsrf: Awaited<ReturnType<typeof xsrfHeaders>>;
  const sessions: Record<Visitor, string> = { admin: "", user: "", anonymous: "" };
  let call: AdminApiCall;

  beforeAll(async () => {
    testApp = await startTestApp(kind);
    xsrf = await xsrfHeaders(testApp.app);
    sessions.admin = await signedInCookie(testApp.services, { email: "words-admin@example.com", isAdmin: true });
    sessions.user = await signedInCookie(testApp.services, { email: "reader@example.com" });
    const raw = adminApiCaller(testApp.app, "/api/admin/translations", sessions, xsrf);
    // Cell writes made from the cell as it is now (If-Match, or If-None-Match: * for a new one); stale copies are tested in conditional-writes.test.ts.
    call = writingFromCurrentState(raw, (method, path, as) =>
      method === "POST" ? Promise.resolve(null) : currentPreconditions(raw, path, as),
    );
  });
  afterAll(() => testApp.close());

  const db = () => testApp.services.database.db;
  const cellPath = (key: string, code: string) => `/${encodeURIComponent(key)}/${encodeURIComponent(code)}`;

  async function storedState() {
    const translates = await db().selectFrom("translations").selectAll().orderBy("id").execute();
    const audit = await db().selectFrom("audit_log").select("id").execute();
    return { translates, auditCount: audit.length };
  }

  const cell = (key: string, code: string) =>
    db()
      .selectFrom("translations")
      .selectAll()
      .where("code_component", "=", key)
      .where("code", "=", code)
      .executeTakeFirst();
  const latestAudit = () => db().selectFrom("audit_log").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();

  describe("the admin gate", () => {
    const endpoints: [string, string, unknown?][] = [
      ["GET", ""],
      ["POST", "", { key: "GATE:TEST", labels: { "en-US": "x" } }],
      ["PUT", cellPath("NAV:HOME", "fr-FR"), { label: "x" }],
      ["DELETE", cellPath("NAV:HOME", "fr-FR")],
    ];
    it.each(endpoints)(
      "%s %s answers 401 to an anonymous visitor and 403 to a non-admin, changing nothing",
      async (method, path, body) => {
        await expectAdminGateRefuses(call, method, path, body, storedState);
      },
    );
  });

  describe("GET /", () => {
    it("returns every language, every key (section keys first) and completeness per language", async () => {
      const { status, json } = await call("GET", "");
      expect(status).toBe(200);
      const grid = json as unknown as GridBody;
      expect(grid.languages.map((language) => language.code)).toEqual([
        "en-US",
        "zh-CN",
        "es-ES",
        "fr-FR",
        "ar",
        "pt-BR",
        "de-DE",
        "ja-JP",
      ]);
      expect(grid.languages.find((language) => language.code === "ar")).toMatchObject({ dir: "rtl", label: "العربية" });
      expect(grid.keys.slice(0, 5).map((row) => row.key)).toEqual(["HOME", "ARTICLES", "JOBS", "SEARCH", "TAGS"]);
      expect(grid.keys).toHaveLength(5 + UI_KEY_COUNT);
      // Each cell carries the ETag its own GET answers (decision 0151).
      expect(grid.keys[1]!.labels["fr-FR"]).toEqual({
        label: "articles",
        search: "blog",
        etag: (await call("GET", "/ARTICLES/fr-FR")).etag,
      });
      expect(grid.keys[0]!.labels["zh-CN"]).toEqual({
        label: "欢迎",
        search: null,
        etag: expect.stringMatching(/^"[\w-]+"$/),
      });
      expect(grid.keys[1]!.labels["zh-CN"]).toBeNull();
      expect(grid.completeness["fr-FR"]).toEqual({
        translated: 5 + UI_KEY_COUNT,
        total: 5 + UI_KEY_COUNT,
        percent: 100,
      });
      expect(grid.completeness["zh-CN"]).toEqual({
        translated: 1,
        total: 5 + UI_KEY_COUNT,
        percent: Math.floor(100 / (5 + UI_KEY_COUNT)),
      });
    });
  });

  describe("PUT /:key/:code", () => {
    it("updates a cell, audits it and the public strings change at once", async () => {
      const { status, json } = await call("PUT", cellPath("NAV:ARTICLES", "fr-FR"), {
        body: { label: "  Nos articles " },
      });
      expect(status).toBe(200);
      expect(json!.cell).toEqual({ key: "NAV:ARTICLES", code: "fr-FR", label: "Nos articles", search: null });
      expect(await cell("NAV:ARTICLES", "fr-FR")).toMatchObject({ label: "Nos articles", short_code: "fr" });
      const audit = await latestAudit();
      expect(audit).toMatchObject({ action: "update", entity: "translation", entity_id: "NAV:ARTICLES/fr-FR" });
      expect(JSON.parse(audit.before!)).toEqual({ label: "Articles", search: null });
      expect(JSON.parse(audit.after!)).toEqual({ label: "Nos articles", search: null });
      expect(testApp.services.content.current().translations.get("fr-FR")?.get("NAV:ARTICLES")).toBe("Nos articles");
    });

    it("creates a missing cell (a disabled language's string)", async () => {
      const { status } = await call("PUT", cellPath("NAV:HOME", "zh-CN"), { body: { label: "首页" } });
      expect(status).toBe(200);
      expect(await cell("NAV:HOME", "zh-CN")).toMatchObject({ label: "首页", short_code: "zh", search: null });
      expect(await latestAudit()).toMatchObject({ action: "create", entity_id: "NAV:HOME/zh-CN", before: null });
    });

    it("renames a section: its link and the public routing follow, the other spelling is kept", async () => {
      const { status, json } = await call("PUT", cellPath("JOBS", "de-DE"), { body: { label: "Berufsfelder" } });
      expect(status).toBe(200);
      expect(json!.cell).toMatchObject({ label: "Berufsfelder", search: "jobs" });
      expect(await cell("JOBS", "de-DE")).toMatchObject({ link: "/de/berufsfelder" });
      expect(testApp.services.content.current().sectionNames.get("de-DE")).toContainEqual({
        section: "JOBS",
        label: "Berufsfelder",
        search: "jobs",
      });
      expect(
        (await call("PUT", cellPath("JOBS", "de-DE"), { body: { label: "berufe", search: null } })).json!.cell,
      ).toMatchObject({ search: null });
    });

    it.each([
      ["an invalid key", cellPath("nav:home", "fr-FR"), { label: "x" }, 400, "key"],
      ["HOME (edited with the language)", cellPath("HOME", "fr-FR"), { label: "accueil" }, 400, "key"],
      ["an unknown language", cellPath("NAV:HOME", "xx-XX"), { label: "x" }, 404, "code"],
      ["an unknown key (keys are added with POST)", cellPath("NAV:NO_SUCH_KEY", "fr-FR"), { label: "x" }, 404, "key"],
      ["an empty label", cellPath("NAV:HOME", "fr-FR"), { label: "   " }, 400, "label"],
      ["a too long label", cellPath("NAV:HOME", "fr-FR"), { label: "x".repeat(2001) }, 400, "label"],
      ["a label that is a number", cellPath("NAV:HOME", "fr-FR"), { label: 42 }, 400, "label"],
      [
        "a search on a UI string",
        cellPath("NAV:HOME", "fr-FR"),
        { label: "Accueil", search: "accueil" },
        400,
        "search",
      ],
      ["an unknown field", cellPath("NAV:HOME", "fr-FR"), { label: "Accueil", link: "/x" }, 400, "body"],
      ["a section name with a slash", cellPath("ARTICLES", "fr-FR"), { label: "a/b" }, 400, "label"],
      ["a section name of ..", cellPath("JOBS", "fr-FR"), { label: ".." }, 400, "label"],
      ["a section name the preview links use", cellPath("TAGS", "en-US"), { label: "Preview" }, 400, "label"],
      [
        "an other spelling the preview links use",
        cellPath("ARTICLES", "fr-FR"),
        { label: "articles", search: "preview" },
        400,
        "search",
      ],
      ["a section name equal to the welcome", cellPath("ARTICLES", "fr-FR"), { label: "Bienvenue" }, 409, "label"],
      ["a section name equal to another section's", cellPath("ARTICLES", "fr-FR"), { label: "métiers" }, 409, "label"],
      [
        "an other spelling equal to another section's",
        cellPath("JOBS", "en-US"),
        { label: "jobs", search: "blog" },
        409,
        "search",
      ],
    ] as const)("refuses %s, naming the field and changing nothing", async (_case, path, body, status, field) => {
      const before = await storedState();
      const response = await call("PUT", path, { body });
      expect(response.status).toBe(status);
      expect(response.json).toMatchObject({ error: { field } });
      expect(await storedState()).toEqual(before);
    });

    it("answers 404 unknown_key for a key the site does not have, writing nothing", async () => {
      const before = await storedState();
      const response = await call("PUT", cellPath("PROMO:NEVER_ADDED", "de-DE"), { body: { label: "Hallo" } });
      expect(response).toMatchObject({
        status: 404,
        json: {
          error: {
            code: "unknown_key",
            field: "key",
            message: "key: there is no translation key PROMO:NEVER_ADDED; add it as a new key first.",
          },
        },
      });
      expect(await cell("PROMO:NEVER_ADDED", "de-DE")).toBeUndefined();
      expect(await storedState()).toEqual(before);
    });

    it("accepts an admin string of the code's catalog even when no language has a text for it yet", async () => {
      const key = [...ADMIN_SOURCE.keys()][0]!;
      const seeded = await db().selectFrom("translations").selectAll().where("code_component", "=", key).execute();
      await db().deleteFrom("translations").where("code_component", "=", key).execute();
      expect((await call("PUT", cellPath(key, "fr-FR"), { body: { label: "Annuler" } })).status).toBe(200);
      expect(await cell(key, "fr-FR")).toMatchObject({ label: "Annuler" });
      // Back as seeded, for the tests that count the grid.
      await db().deleteFrom("translations").where("code_component", "=", key).execute();
      await db().insertInto("translations").values(seeded).execute();
    });

    describe("ICU messages (decision 0070)", () => {
      it("saves plurals with every category of the language: Arabic six, Japanese other only", async () => {
        const arabic =
          "{count, plural, zero {لا وظائف} one {وظيفة واحدة} two {وظيفتان} few {# وظائف} many {# وظيفة} other {# وظيفة}}";
        expect((await call("PUT", cellPath("JOBS:RESULTS", "ar"), { body: { label: arabic } })).status).toBe(200);
        expect(
          (await call("PUT", cellPath("JOBS:RESULTS", "ja-JP"), { body: { label: "{count, plural, other {#件}}" } }))
            .status,
        ).toBe(200);
        expect(await cell("JOBS:RESULTS", "ar")).toMatchObject({ label: arabic });
      });

      it.each([
        [
          "a syntax error",
          "JOBS:RESULTS",
          "fr-FR",
          "{count, plural, one {# métier} other {# métiers}",
          'Syntax error at line 1, column 1 ("{count, plural, one {# m…"): a { is not closed by a matching }.',
        ],
        [
          "an argument the source string does not have",
          "JOBS:RESULTS",
          "fr-FR",
          "{total} métiers",
          "{total} is not an argument of the source string (en-US), which has {count}.",
        ],
        [
          "a missing plural category",
          "JOBS:RESULTS",
          "fr-FR",
          "{count, plural, one {# métier} other {# métiers}}",
          "fr-FR needs the categories one, many, other; missing: many.",
        ],
        [
          "a category Japanese does not have",
          "JOBS:RESULTS",
          "ja-JP",
          "{count, plural, one {1件} other {#件}}",
          "one is not a category of ja-JP, which has other",
        ],
        ["an English plural without one", "JOBS:RESULTS", "en-US", "{count, plural, other {# jobs}}", "missing: one."],
      ])("refuses %s with a message that points at it, changing nothing", async (_case, key, code, label, message) => {
        const before = await storedState();
        const response = await call("PUT", cellPath(key, code), { body: { label } });
        expect(response.status).toBe(400);
        expect(response.json).toMatchObject({ error: { code: "invalid_message", field: "label" } });
        expect((response.json as { error: { message: string } }).error.message).toContain(message);
        expect(await storedState()).toEqual(before);
      });
    });

    it("refuses malformed JSON and a missing body", async () => {
      const before = await storedState();
      expect(await call("PUT", cellPath("NAV:HOME", "fr-FR"), { raw: '{"label":' })).toMatchObject({
        status: 400,
        json: { error: { code: "malformed_json" } },
      });
      expect((await call("PUT", cellPath("NAV:HOME", "fr-FR"), { raw: "" })).status).toBe(400);
      expect(await storedState()).toEqual(before);
    });
  });

  describe("DELETE /:key/:code", () => {
    it("removes a cell, audits it, and the public site falls back to the key", async () => {
      const response = await call("DELETE", cellPath("FOOTER:ABOUT", "ja-JP"));
      expect(response.status).toBe(204);
      expect(await cell("FOOTER:ABOUT", "ja-JP")).toBeUndefined();
      expect(await latestAudit()).toMatchObject({ action: "delete", entity_id: "FOOTER:ABOUT/ja-JP", after: null });
      expect(testApp.services.content.current().translations.get("ja-JP")?.has("FOOTER:ABOUT")).toBe(false);
      const grid = (await call("GET", "")).json as unknown as GridBody;
      expect(grid.completeness["ja-JP"]!.translated).toBe(grid.completeness["ja-JP"]!.total - 1);
    });

    it("allows removing a section name of a disabled language", async () => {
      await call("PUT", cellPath("ARTICLES", "zh-CN"), { body: { label: "文章" } });
      expect((await call("DELETE", cellPath("ARTICLES", "zh-CN"))).status).toBe(204);
    });

    it.each([
      ["a section name of an enabled language", cellPath("ARTICLES", "fr-FR"), 409],
      ["HOME", cellPath("HOME", "zh-CN"), 409],
      ["a missing cell", cellPath("FOOTER:ABOUT", "zh-CN"), 404],
      ["an unknown language", cellPath("NAV:HOME", "xx"), 404],
      ["an invalid key", cellPath("NAV HOME", "fr-FR"), 400],
    ] as const)("refuses %s, changing nothing", async (_case, path, status) => {
      const before = await storedState();
      expect((await call("DELETE", path)).status).toBe(status);
      expect(await storedState()).toEqual(before);
    });
  });

  describe("POST /", () => {
    it("adds a key with its first translations and audits it", async () => {
      const { status, json } = await call("POST", "", {
        body: { key: "PROMO:BANNER", labels: { "en-US": "Read our new series", "fr-FR": "Lisez notre série" } },
      });
      expect(status).toBe(201);
      expect(json!.key).toMatchObject({
        key: "PROMO:BANNER",
        labels: { "en-US": { label: "Read our new series", search: null }, "de-DE": null },
      });
      expect(await cell("PROMO:BANNER", "fr-FR")).toMatchObject({ label: "Lisez notre série", short_code: "fr" });
      expect(await latestAudit()).toMatchObject({ action: "create", entity: "translation", entity_id: "PROMO:BANNER" });
      expect(testApp.services.content.current().translations.get("en-US")?.get("PROMO:BANNER")).toBe(
        "Read our new series",
      );
    });

    it.each([
      ["an existing key", { key: "NAV:HOME", labels: { "en-US": "Home" } }, 409, "key"],
      ["a section key", { key: "ARTICLES", labels: { "en-US": "x" } }, 409, "key"],
      ["a lower-case key", { key: "promo:x", labels: { "en-US": "x" } }, 400, "key"],
      ["a key with an empty part", { key: "PROMO::X", labels: { "en-US": "x" } }, 400, "key"],
      ["no labels", { key: "PROMO:EMPTY" }, 400, "labels"],
      ["empty labels", { key: "PROMO:EMPTY", labels: {} }, 400, "labels"],
      ["an unknown language", { key: "PROMO:X", labels: { "en-US": "x", "xx-XX": "y" } }, 400, "labels.xx-XX"],
      ["an empty text", { key: "PROMO:X", labels: { "en-US": "" } }, 400, "labels.en-US"],
      ["labels as a list", { key: "PROMO:X", labels: ["x"] }, 400, "labels"],
      [
        "invalid ICU in one language",
        {
          key: "PROMO:X",
          labels: { "en-US": "{n, plural, one {# x} other {# xs}}", "fr-FR": "{n, plural, one {# x}" },
        },
        400,
        "labels.fr-FR",
      ],
      [
        "an argument the new source does not have",
        { key: "PROMO:X", labels: { "en-US": "Hello", "de-DE": "Hallo {name}" } },
        400,
        "labels.de-DE",
      ],
    ] as const)("refuses %s, naming the field and changing nothing", async (_case, body, status, field) => {
      const before = await storedState();
      const response = await call("POST", "", { body });
      expect(response.status).toBe(status);
      expect(response.json).toMatchObject({ error: { field } });
      expect(await storedState()).toEqual(before);
    });
  });
});
