import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminLanguage } from "#core/admin/languages/schema.ts";
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

describe.each(DATABASE_KINDS)("admin languages API on %s", (kind) => {
  let testApp: TestApp;
  let xsrf: Awaited<ReturnType<typeof xsrfHeaders>>;
  const sessions: Record<Visitor, string> = { admin: "", user: "", anonymous: "" };
  let call: AdminApiCall;

  beforeAll(async () => {
    testApp = await startTestApp(kind);
    xsrf = await xsrfHeaders(testApp.app);
    sessions.admin = await signedInCookie(testApp.services, { email: "lang-admin@example.com", isAdmin: true });
    sessions.user = await signedInCookie(testApp.services, { email: "reader@example.com" });
    const raw = adminApiCaller(testApp.app, "/api/admin/languages", sessions, xsrf);
    // Writes made from the language as it is now (If-Match: its ETag); stale copies are tested in conditional-writes.test.ts.
    call = writingFromCurrentState(raw, (method, path, as) =>
      method === "POST" && path === ""
        ? Promise.resolve(null)
        : currentPreconditions(raw, path.split("?")[0]!.replace(/\/favorite$/, ""), as),
    );
  });
  afterAll(() => testApp.close());

  const db = () => testApp.services.database.db;

  /** Everything a languages write may touch, to prove a refused request changed nothing. */
  async function storedState() {
    const languages = await db().selectFrom("languages").selectAll().orderBy("id").execute();
    const translates = await db().selectFrom("translations").selectAll().orderBy("id").execute();
    const audit = await db().selectFrom("audit_log").select("id").execute();
    const versions = await db().selectFrom("article_versions").select(["article_id", "code"]).orderBy("id").execute();
    const jobLabels = await db()
      .selectFrom("rome_labels")
      .select((eb) => eb.fn.countAll().as("count"))
      .executeTakeFirstOrThrow();
    const altTexts = await db()
      .selectFrom("media_alt")
      .select((eb) => eb.fn.countAll().as("count"))
      .executeTakeFirstOrThrow();
    return {
      languages,
      translates,
      auditCount: audit.length,
      versions,
      jobLabels: Number(jobLabels.count),
      altTexts: Number(altTexts.count),
    };
  }

  const idOf = async (code: string) =>
    (await db().selectFrom("languages").select("id").where("code", "=", code).executeTakeFirstOrThrow()).id;
  const latestAudit = () => db().selectFrom("audit_log").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();

  describe("the admin gate", () => {
    const endpoints: [string, string, unknown?][] = [
      ["GET", ""],
      ["POST", "", { code: "it-IT", shortCode: "it", label: "Italiano", welcome: "benvenuto", population: 68 }],
      ["PATCH", "/2", { label: "x" }],
      ["POST", "/2/favorite"],
      ["GET", "/2/content"],
      ["DELETE", "/2?content=remove"],
    ];
    it.each(endpoints)(
      "%s %s answers 401 to an anonymous visitor and 403 to a non-admin, changing nothing",
      async (method, path, body) => {
        await expectAdminGateRefuses(call, method, path, body, storedState);
      },
    );
  });

  describe("GET /", () => {
    it("lists every language, disabled ones too, most speakers first", async () => {
      const { status, json } = await call("GET", "");
      expect(status).toBe(200);
      const languages = json!.languages as AdminLanguage[];
      expect(languages.map((language) => language.shortCode)).toEqual(["en", "zh", "es", "fr", "ar", "pt", "de", "ja"]);
      expect(languages.find((language) => language.code === "zh-CN")).toMatchObject({
        enabled: false,
        favorite: false,
      });
      expect(languages.find((language) => language.code === "en-US")).toMatchObject({
        favorite: true,
        link: "/en/welcome",
        welcome: "welcome",
      });
    });
  });

  describe("POST /", () => {
    it("adds a language in canonical form with its HOME entry, audits it and publishes it", async () => {
      const { status, json } = await call("POST", "", {
        body: {
          code: "IT-it",
          shortCode: "it",
          label: "Italiano",
          welcome: "Benvenuto",
          population: 68,
          enabled: true,
        },
      });
      expect(status).toBe(201);
      const language = json!.language as AdminLanguage;
      expect(language).toMatchObject({
        code: "it-IT",
        shortCode: "it",
        link: "/it/benvenuto",
        enabled: true,
        favorite: false,
        dir: "ltr",
        codeComponent: "LANGUAGE:it-IT",
      });
      const home = await db()
        .selectFrom("translations")
        .selectAll()
        .where("code", "=", "it-IT")
        .where("code_component", "=", "HOME")
        .executeTakeFirstOrThrow();
      expect(home).toMatchObject({ label: "Benvenuto", short_code: "it", link: "/it/benvenuto" });
      const audit = await latestAudit();
      expect(audit).toMatchObject({ action: "create", entity: "language", entity_id: String(language.id) });
      expect(JSON.parse(audit.after!)).toMatchObject({ code: "it-IT" });
      expect(
        testApp.services.content.current().languages.find((candidate) => candidate.code === "it-IT"),
      ).toMatchObject({ enabled: true, welcome: "Benvenuto" });
    });

    it("keeps a new language off the public site unless it is enabled", async () => {
      const { status, json } = await call("POST", "", {
        body: { code: "nl-NL", shortCode: "nl", label: "Nederlands", welcome: "welkom", population: 25 },
      });
      expect(status).toBe(201);
      expect(json!.language).toMatchObject({ enabled: false });
    });

    const valid = { code: "ko-KR", shortCode: "ko", label: "한국어", welcome: "환영", population: 81 };
    it.each([
      ["a bad BCP 47 tag", { ...valid, code: "en_US" }, 400, "code"],
      ["an empty code", { ...valid, code: " " }, 400, "code"],
      ["an existing code (any case)", { ...valid, code: "FR-fr" }, 409, "code"],
      ["an existing short code", { ...valid, shortCode: "fr" }, 409, "shortCode"],
      ["the reserved short code admin", { ...valid, shortCode: "admin" }, 400, "shortCode"],
      ["an upper-case short code", { ...valid, shortCode: "KO" }, 400, "shortCode"],
      ["a welcome with a slash", { ...valid, welcome: "a/b" }, 400, "welcome"],
      ["a welcome of ..", { ...valid, welcome: ".." }, 400, "welcome"],
      ["an empty welcome", { ...valid, welcome: "" }, 400, "welcome"],
      ["a negative population", { ...valid, population: -1 }, 400, "population"],
      ["a fractional population", { ...valid, population: 1.5 }, 400, "population"],
      ["a population as text", { ...valid, population: "81" }, 400, "population"],
      ["enabled as text", { ...valid, enabled: "yes" }, 400, "enabled"],
      ["an unknown direction", { ...valid, dir: "ttb" }, 400, "dir"],
      ["a missing label", { ...valid, label: undefined }, 400, "label"],
      ["an unknown field", { ...valid, favorite: true }, 400, "body"],
      ["an array", [valid], 400, "body"],
    ] as const)("refuses %s, naming the field and changing nothing", async (_case, body, status, field) => {
      const before = await storedState();
      const response = await call("POST", "", { body });
      expect(response.status).toBe(status);
      expect((response.json as { error: { field?: string; message: string } }).error).toMatchObject({ field });
      expect(await storedState()).toEqual(before);
    });

    it("refuses malformed JSON and a non-JSON body", async () => {
      const before = await storedState();
      expect((await call("POST", "", { raw: '{"code": "ko-KR",' })).status).toBe(400);
      const form = await call("POST", "", { raw: "code=ko-KR", contentType: "text/plain" });
      expect(form.status).toBe(415);
      expect(await storedState()).toEqual(before);
    });
  });

  describe("PATCH /:id", () => {
    it("edits the label and population, and audits before and after", async () => {
      const id = await idOf("de-DE");
      const { status, json } = await call("PATCH", `/${id}`, { body: { label: "Deutsch (DE)", population: 134 } });
      expect(status).toBe(200);
      expect(json!.language).toMatchObject({ label: "Deutsch (DE)", population: 134 });
      const audit = await latestAudit();
      expect(audit).toMatchObject({ action: "update", entity: "language", entity_id: String(id) });
      expect(JSON.parse(audit.before!)).toMatchObject({ label: "Deutsch", population: 133 });
      expect(JSON.parse(audit.after!)).toMatchObject({ label: "Deutsch (DE)", population: 134 });
      expect(testApp.services.content.current().languages.find((language) => language.id === id)?.label).toBe(
        "Deutsch (DE)",
      );
    });

    it("renames the welcome: link, HOME entry and public routing follow", async () => {
      const id = await idOf("pt-BR");
      const { status, json } = await call("PATCH", `/${id}`, { body: { welcome: "Boas-vindas" } });
      expect(status).toBe(200);
      expect(json!.language).toMatchObject({ welcome: "Boas-vindas", link: "/pt/boas-vindas" });
      const home = await db()
        .selectFrom("translations")
        .selectAll()
        .where("code", "=", "pt-BR")
        .where("code_component", "=", "HOME")
        .executeTakeFirstOrThrow();
      expect(home).toMatchObject({ label: "Boas-vindas", link: "/pt/boas-vindas" });
      expect(testApp.services.content.current().languages.find((language) => language.id === id)?.link).toBe(
        "/pt/boas-vindas",
      );
    });

    it("changes the short code and the code: every entry, article version and job label follows", async () => {
      const id = await idOf("es-ES");
      const versionsBefore = await db()
        .selectFrom("article_versions")
        .select("id")
        .where("code", "=", "es-ES")
        .execute();
      const entriesBefore = await db().selectFrom("translations").select("id").where("code", "=", "es-ES").execute();
      const { status, json } = await call("PATCH", `/${id}`, { body: { code: "es-419", shortCode: "es-la" } });
      expect(status).toBe(200);
      expect(json!.language).toMatchObject({
        code: "es-419",
        shortCode: "es-la",
        link: "/es-la/bienvenido",
        codeComponent: "LANGUAGE:es-419",
      });
      const entries = await db().selectFrom("translations").selectAll().where("code", "=", "es-419").execute();
      expect(entries).toHaveLength(entriesBefore.length);
      expect(entries.every((entry) => entry.short_code === "es-la")).toBe(true);
      expect(entries.find((entry) => entry.code_component === "JOBS")?.link).toBe("/es-la/empleos");
      expect(await db().selectFrom("translations").select("id").where("code", "=", "es-ES").execute()).toEqual([]);
      expect(
        await db().selectFrom("article_versions").select("id").where("code", "=", "es-419").execute(),
      ).toHaveLength(versionsBefore.length);
      const snapshot = testApp.services.content.current();
      expect(snapshot.sectionNames.get("es-419")?.find((name) => name.section === "ARTICLES")?.label).toBe("artículos");
      expect(snapshot.translations.get("es-419")?.size).toBeGreaterThan(50);
    });

    it("enables and disables a language", async () => {
      const id = await idOf("zh-CN");
      expect((await call("PATCH", `/${id}`, { body: { enabled: true } })).json!.language).toMatchObject({
        enabled: true,
      });
      expect(testApp.services.content.current().languages.find((language) => language.id === id)?.enabled).toBe(true);
      expect((await call("PATCH", `/${id}`, { body: { enabled: false } })).json!.language).toMatchObject({
        enabled: false,
      });
      expect(testApp.services.content.current().languages.find((language) => language.id === id)?.enabled).toBe(false);
    });

    it.each([
      ["disabling the favorite", "en-US", { enabled: false }, 409, "enabled", "favorite_cannot_be_disabled"],
      ["a welcome equal to a section name", "fr-FR", { welcome: "Métiers" }, 409, "welcome", "page_name_taken"],
      [
        "a welcome equal to a section's other spelling",
        "fr-FR",
        { welcome: "blog" },
        409,
        "welcome",
        "page_name_taken",
      ],
      ["another language's code", "fr-FR", { code: "en-US" }, 409, "code", "code_taken"],
      ["another language's short code", "fr-FR", { shortCode: "ja" }, 409, "shortCode", "short_code_taken"],
      ["the short code admin", "fr-FR", { shortCode: "admin" }, 400, "shortCode", "invalid_field"],
      ["a bad BCP 47 tag", "fr-FR", { code: "français" }, 400, "code", "invalid_field"],
      ["a welcome of .", "fr-FR", { welcome: "." }, 400, "welcome", "invalid_field"],
      ["a population as text", "fr-FR", { population: "many" }, 400, "population", "invalid_field"],
      ["a null label", "fr-FR", { label: null }, 400, "label", "invalid_field"],
      ["an empty patch", "fr-FR", {}, 400, "body", "invalid_field"],
    ] as const)("refuses %s (%s), changing nothing", async (_case, code, body, status, field, errorCode) => {
      const id = await idOf(code);
      const before = await storedState();
      const response = await call("PATCH", `/${id}`, { body });
      expect(response.status).toBe(status);
      expect(response.json).toMatchObject({ error: { code: errorCode, field } });
      expect(await storedState()).toEqual(before);
    });

    it("answers 404 for an unknown id, 400 for a malformed one, 400 for malformed JSON", async () => {
      const before = await storedState();
      expect(await call("PATCH", "/99999", { body: { label: "x" } })).toMatchObject({
        status: 404,
        json: { error: { code: "not_found" } },
      });
      expect(await call("PATCH", "/abc", { body: { label: "x" } })).toMatchObject({
        status: 400,
        json: { error: { field: "id" } },
      });
      expect(await call("PATCH", `/${await idOf("fr-FR")}`, { raw: "{label:" })).toMatchObject({
        status: 400,
        json: { error: { code: "malformed_json" } },
      });
      expect(await storedState()).toEqual(before);
    });
  });

  describe("POST /:id/favorite", () => {
    it("makes exactly one language the favorite, audits it, and the public root follows", async () => {
      const id = await idOf("fr-FR");
      const { status, json } = await call("POST", `/${id}/favorite`);
      expect(status).toBe(200);
      expect(json!.language).toMatchObject({ code: "fr-FR", favorite: true });
      const favorites = await db().selectFrom("languages").select("code").where("favorite", "=", 1).execute();
      expect(favorites).toEqual([{ code: "fr-FR" }]);
      const audit = await latestAudit();
      expect(audit).toMatchObject({ action: "make_favorite", entity: "language", entity_id: String(id) });
      expect(JSON.parse(audit.before!)).toEqual({ favorite: ["en-US"] });
      expect(
        testApp.services.content
          .current()
          .languages.filter((language) => language.favorite)
          .map((language) => language.code),
      ).toEqual(["fr-FR"]);
      // The former favorite may now be disabled; the new one may not.
      expect((await call("PATCH", `/${await idOf("fr-FR")}`, { body: { enabled: false } })).status).toBe(409);
      await call("POST", `/${await idOf("en-US")}/favorite`);
    });

    it("refuses a disabled language (409) and an unknown id (404), changing nothing", async () => {
      const before = await storedState();
      expect(await call("POST", `/${await idOf("zh-CN")}/favorite`)).toMatchObject({
        status: 409,
        json: { error: { code: "language_disabled" } },
      });
      expect((await call("POST", "/99999/favorite")).status).toBe(404);
      expect((await call("POST", "/0/favorite")).status).toBe(400);
      expect(await storedState()).toEqual(before);
    });
  });

  describe("DELETE /:id", () => {
    const countIn = async (table: "translations" | "article_versions" | "rome_labels" | "media_alt", code: string) =>
      Number(
        (
          await db()
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as("count"))
            .where("code", "=", code)
            .executeTakeFirstOrThrow()
        ).count,
      );

    it("refuses the favorite, a missing or unknown content choice and an unknown id, naming the reason and changing nothing", async () => {
      const before = await storedState();
      const favorite = await call("DELETE", `/${await idOf("en-US")}?content=remove`);
      expect(favorite).toMatchObject({
        status: 409,
        json: { error: { code: "favorite_cannot_be_deleted", field: "favorite" } },
      });
      expect((favorite.json as { error: { message: string } }).error.message).toContain("favorite");
      const fr = await idOf("fr-FR");
      expect(await call("DELETE", `/${fr}`)).toMatchObject({ status: 400, json: { error: { field: "content" } } });
      expect(await call("DELETE", `/${fr}?content=drop`)).toMatchObject({
        status: 400,
        json: { error: { field: "content" } },
      });
      expect(await call("DELETE", `/${fr}?content=keep&content=remove`)).toMatchObject({
        status: 400,
        json: { error: { field: "content" } },
      });
      expect((await call("DELETE", "/99999?content=keep")).status).toBe(404);
      expect((await call("DELETE", "/0?content=keep")).status).toBe(400);
      expect(await storedState()).toEqual(before);
    });

    it("counts what a language holds", async () => {
      const { status, json } = await call("GET", `/${await idOf("fr-FR")}/content`);
      expect(status).toBe(200);
      expect(json!.counts).toEqual({
        strings: await countIn("translations", "fr-FR"),
        articleVersions: await countIn("article_versions", "fr-FR"),
        jobLabels: await countIn("rome_labels", "fr-FR"),
        altTexts: await countIn("media_alt", "fr-FR"),
      });
      expect((json!.counts as { strings: number }).strings).toBeGreaterThan(10);
      expect((await call("GET", "/99999/content")).status).toBe(404);
    });

    it("keeps the content when asked: the language leaves the site, its strings and versions stay, and adding the tag again brings them back", async () => {
      const language = testApp.services.content.current().languages.find((candidate) => candidate.code === "de-DE")!;
      const strings = await countIn("translations", "de-DE");
      const versions = await countIn("article_versions", "de-DE");
      expect(versions).toBeGreaterThan(0);
      const id = await idOf("de-DE");

      expect((await call("DELETE", `/${id}?content=keep`)).status).toBe(204);
      expect(
        await db().selectFrom("languages").select("id").where("code", "=", "de-DE").executeTakeFirst(),
      ).toBeUndefined();
      expect(await countIn("translations", "de-DE")).toBe(strings - 1); // only the HOME entry, derived from the language row
      expect(await countIn("article_versions", "de-DE")).toBe(versions);
      const audit = await latestAudit();
      expect(audit).toMatchObject({ action: "delete", entity: "language", entity_id: String(id) });
      expect(JSON.parse(audit.before!)).toMatchObject({ code: "de-DE" });
      expect(JSON.parse(audit.after!)).toEqual({ content: "keep", removed: null });
      expect(testApp.services.content.current().languages.some((candidate) => candidate.code === "de-DE")).toBe(false);

      const again = await call("POST", "", {
        body: {
          code: "de-DE",
          shortCode: "dx",
          label: "Deutsch",
          welcome: language.welcome,
          population: 134,
          enabled: true,
        },
      });
      expect(again.status).toBe(201);
      expect(await countIn("translations", "de-DE")).toBe(strings);
      const links = await db()
        .selectFrom("translations")
        .select(["short_code", "link"])
        .where("code", "=", "de-DE")
        .where("code_component", "in", ["HOME", "ARTICLES"])
        .execute();
      for (const link of links)
        expect(link).toMatchObject({ short_code: "dx", link: expect.stringMatching(/^\/dx\//) });
      expect(
        testApp.services.content.current().languages.find((candidate) => candidate.code === "de-DE"),
      ).toMatchObject({ shortCode: "dx", enabled: true });
    });

    it("removes the content when asked: strings, the other languages' names for it, versions, job labels and alt texts, audited with the counts", async () => {
      const id = await idOf("ja-JP");
      await db()
        .insertInto("rome_labels")
        .values({ rome_code: "A1101", code: "ja-JP", label: "農業機械の運転", updated_at: new Date().toISOString() })
        .execute();
      const counted = (await call("GET", `/${id}/content`)).json!.counts as {
        strings: number;
        articleVersions: number;
        jobLabels: number;
        altTexts: number;
      };
      const names = Number(
        (
          await db()
            .selectFrom("translations")
            .select((eb) => eb.fn.countAll().as("count"))
            .where("code_component", "=", "LANGUAGE:ja-JP")
            .where("code", "!=", "ja-JP")
            .executeTakeFirstOrThrow()
        ).count,
      );
      expect(counted.articleVersions).toBeGreaterThan(0);
      expect(counted.jobLabels).toBe(1);

      expect((await call("DELETE", `/${id}?content=remove`)).status).toBe(204);
      for (const table of ["translations", "article_versions", "rome_labels", "media_alt"] as const)
        expect(await countIn(table, "ja-JP")).toBe(0);
      expect(
        await db().selectFrom("translations").select("id").where("code_component", "=", "LANGUAGE:ja-JP").execute(),
      ).toEqual([]);
      const audit = await latestAudit();
      expect(audit).toMatchObject({ action: "delete", entity: "language", entity_id: String(id) });
      expect(JSON.parse(audit.after!)).toEqual({
        content: "remove",
        removed: { ...counted, strings: counted.strings + names },
      });
      expect(testApp.services.content.current().languages.some((candidate) => candidate.code === "ja-JP")).toBe(false);
    });

    it("takes a deleted language out of every other language's fallback chain", async () => {
      const [pt, es, en] = [await idOf("pt-BR"), await idOf("es-419"), await idOf("en-US")];
      expect((await call("PATCH", `/${pt}`, { body: { fallbacks: [es, en] } })).status).toBe(200);
      expect((await call("DELETE", `/${es}?content=keep`)).status).toBe(204);
      const stored = await db()
        .selectFrom("languages")
        .select("fallbacks")
        .where("id", "=", pt)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(stored.fallbacks)).toEqual([en]);
    });

    it("refuses to delete the site's only language", async () => {
      // Only reachable if the favorite flag were lost: the check stands on its own.
      const remaining = await db().selectFrom("languages").select(["id", "code"]).execute();
      const last = remaining.find((language) => language.code === "fr-FR")!;
      await db().updateTable("languages").set({ favorite: 0 }).execute();
      await db().deleteFrom("languages").where("id", "!=", last.id).execute();
      const before = await storedState();
      const response = await call("DELETE", `/${last.id}?content=keep`);
      expect(response).toMatchObject({ status: 409, json: { error: { code: "last_language" } } });
      expect((response.json as { error: { message: string } }).error.message).toContain("only language");
      expect(await storedState()).toEqual(before);
    });
  });

  it("refuses a write without the XSRF header", async () => {
    const response = await testApp.app.request("/api/admin/languages/1/favorite", {
      method: "POST",
      headers: { cookie: `${xsrf.cookie}; ${sessions.admin}` },
    });
    expect(response.status).toBe(403);
  });
});
