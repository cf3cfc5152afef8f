/**
 * Fallback chains (issue 10 items 4–5, decision 0085): the chain is validated and saved
 * through the languages API; UI strings and ROME labels borrowed along it carry their
 * language; a language may list articles found only in a fallback language; an article
 * missing in the page's language answers 404 listing where it exists. Writes go through
 * the in-process app; pages come from the built server on the same database, which
 * learns of each change as another instance would (the change log, NOTIFY).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminLanguage } from "#core/admin/languages/schema.ts";
import { articleChange } from "#server/content/changes.ts";
import { startRealServer, type RealServer } from "./server-process.ts";
import {
  adminApiCaller,
  currentPreconditions,
  DATABASE_KINDS,
  signedInCookie,
  startTestApp,
  writingFromCurrentState,
  xsrfHeaders,
  type AdminApiCall,
} from "./support.ts";

type TestApp = Awaited<ReturnType<typeof startTestApp>>;

describe.each(DATABASE_KINDS)("fallback chains on %s", (kind) => {
  let testApp: TestApp;
  let server: RealServer;
  let call: AdminApiCall<{ language?: AdminLanguage; error?: { message: string; field?: string } }>;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    testApp = await startTestApp(kind);
    server = await startRealServer(kind, {}, { url: testApp.databaseUrl, drop: async () => {} });
    const xsrf = await xsrfHeaders(testApp.app);
    const admin = await signedInCookie(testApp.services, { email: "chain-admin@example.com", isAdmin: true });
    const raw = adminApiCaller(testApp.app, "/api/admin/languages", { admin, user: "", anonymous: "" }, xsrf);
    // Writes made from the language as it is now (If-Match: its ETag); stale copies are tested in conditional-writes.test.ts.
    call = writingFromCurrentState(raw, (method, path, as) =>
      method === "POST" && path === ""
        ? Promise.resolve(null)
        : currentPreconditions(raw, path.split("?")[0]!.replace(/\/favorite$/, ""), as),
    );
    for (const row of await db().selectFrom("languages").select(["id", "code"]).execute()) ids[row.code] = row.id;
  });
  afterAll(async () => {
    await server?.stop();
    await testApp?.close();
  });

  const db = () => testApp.services.database.db;
  const page = async (path: string) => {
    const response = await fetch(`${server.url}${path}`, { redirect: "manual" });
    return { status: response.status, html: await response.text(), location: response.headers.get("location") };
  };
  /** The page once the server has applied the latest change (within a couple of seconds, as another instance would). */
  async function pageWhen(path: string, ready: (html: string, location: string | null) => boolean) {
    const deadline = Date.now() + 5_000;
    for (;;) {
      const result = await page(path);
      if (ready(result.html, result.location) || Date.now() > deadline) return result;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const setChain = (code: string, body: Record<string, unknown>) => call("PATCH", `/${ids[code]}`, { body });
  const storedLanguages = () => db().selectFrom("languages").selectAll().orderBy("id").execute();

  describe("saving a chain", () => {
    it("saves an ordered chain and the articles option, returns them and audits the change", async () => {
      const { status, json } = await setChain("pt-BR", {
        fallbacks: [ids["es-ES"], ids["en-US"]],
        listFallbackArticles: true,
      });
      // Another instance (the built server) picks the change up from the log.
      await pageWhen("/pt/artigos", (text) => text.includes('class="card__language"'));
      expect(status).toBe(200);
      expect(json!.language).toMatchObject({ fallbacks: [ids["es-ES"], ids["en-US"]], listFallbackArticles: true });
      const audit = await db().selectFrom("audit_log").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
      expect(JSON.parse(audit.after!)).toMatchObject({ fallbacks: [ids["es-ES"], ids["en-US"]] });
      const { json: listed } = await call("GET", "");
      expect(
        (listed as unknown as { languages: AdminLanguage[] }).languages.find((language) => language.code === "pt-BR")!
          .fallbacks,
      ).toEqual([ids["es-ES"], ids["en-US"]]);
    });

    const refusals: [string, () => Record<string, unknown>, RegExp][] = [
      ["the language itself", () => ({ fallbacks: [ids["ar"]] }), /^fallbacks: ar cannot fall back to itself\.$/],
      [
        "an unknown language",
        () => ({ fallbacks: [ids["en-US"], 9999] }),
        /^fallbacks: there is no language with id 9999\.$/,
      ],
      ["a language twice", () => ({ fallbacks: [ids["en-US"], ids["en-US"]] }), /^fallbacks: en-US is named twice\.$/],
      ["not a list of ids", () => ({ fallbacks: "en-US" }), /fallbacks.*list of language ids/],
      ["a non-boolean option", () => ({ listFallbackArticles: "yes" }), /listFallbackArticles.*true or false/],
    ];
    it.each(refusals)("refuses %s with a 400 naming the problem, changing nothing", async (_name, body, message) => {
      const before = await storedLanguages();
      const { status, json } = await setChain("ar", body());
      expect(status).toBe(400);
      expect(json!.error!.message).toMatch(message);
      expect(await storedLanguages()).toEqual(before);
    });

    it("refuses a cycle through another language's chain, naming the loop", async () => {
      expect((await setChain("es-ES", { fallbacks: [ids["fr-FR"]] })).status).toBe(200);
      expect((await setChain("fr-FR", { fallbacks: [ids["en-US"]] })).status).toBe(200);
      const before = await storedLanguages();
      const { status, json } = await setChain("fr-FR", { fallbacks: [ids["pt-BR"]] });
      expect(status).toBe(400);
      expect(json!.error).toMatchObject({
        field: "fallbacks",
        message: "fallbacks: this makes a loop: fr-FR → pt-BR → es-ES → fr-FR. Remove one of these fallbacks.",
      });
      expect(await storedLanguages()).toEqual(before);
      // Back to the simple chain the other tests use: pt → es → en, es → en.
      expect((await setChain("es-ES", { fallbacks: [ids["en-US"]] })).status).toBe(200);
      expect((await setChain("fr-FR", { fallbacks: [] })).status).toBe(200);
    });
  });

  describe("UI strings and ROME labels", () => {
    it("borrow a missing string from the first language of the chain that has it, marked with its lang; a key missing everywhere shows the key", async () => {
      await db()
        .deleteFrom("translations")
        .where("code", "=", "pt-BR")
        .where("code_component", "in", ["NOTFOUND:WAYS", "NOTFOUND:HOME"])
        .execute();
      await db()
        .deleteFrom("translations")
        .where("code", "in", ["pt-BR", "es-ES"])
        .where("code_component", "=", "NOTFOUND:HOME")
        .execute();
      await db().deleteFrom("translations").where("code_component", "=", "JOBS:SEARCH_BUTTON").execute();
      await testApp.services.content.changed();
      const { status, html } = await pageWhen("/pt/nada-aqui", (text) => text.includes(">JOBS:SEARCH_BUTTON</button>"));
      expect(status).toBe(404);
      expect(html).toContain('<h2 id="not-found-ways"><span lang="es-ES">Adónde ir ahora</span></h2>');
      // Missing in every language of the chain: the key itself (and a warning), never another language's text.
      expect(html).toContain(">JOBS:SEARCH_BUTTON</button>");
      // A string pt has keeps no lang of its own.
      expect(html).toContain('<label for="not-found-search">');
      expect(html).not.toContain('<label for="not-found-search"><span');
    });

    it("take a job's label from the chain before the official French one, with its lang", async () => {
      await db().deleteFrom("rome_labels").where("rome_code", "=", "A1101").execute();
      await db()
        .insertInto("rome_labels")
        .values({
          rome_code: "A1101",
          code: "es-ES",
          label: "Conducción de maquinaria agrícola",
          updated_at: new Date().toISOString(),
        })
        .execute();
      await testApp.services.content.changed();
      const redirect = await pageWhen(
        "/pt/empregos/a1101",
        (_html, location) => location?.includes("conduccion") ?? false,
      );
      expect(redirect.status).toBe(301);
      expect(redirect.location).toBe("/pt/empregos/a1101/conduccion-de-maquinaria-agricola");
      const { status, html } = await page(redirect.location!);
      expect(status).toBe(200);
      expect(html).toContain('<h1 id="job-title" lang="es-ES">Conducción de maquinaria agrícola</h1>');
      // Not the French job titles' notice: this label is Spanish.
      expect(html).not.toContain('class="french-labels-notice"');
      // A language without a chain still shows the official French label, noted.
      const german = await page("/de/berufe/a1101");
      const { html: germanHtml } = await page(german.location!);
      expect(germanHtml).toContain('lang="fr-FR"');
      expect(germanHtml).toContain('class="french-labels-notice"');
    });
  });

  /** An article published in `code` and not in `without`. */
  async function articleOnlyIn(code: string, without: string[]) {
    const rows = await db()
      .selectFrom("article_versions")
      .select(["article_id", "slug", "title"])
      .where("code", "=", code)
      .where("status", "=", "published")
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom("article_versions as other")
              .select("other.id")
              .whereRef("other.article_id", "=", "article_versions.article_id")
              .where("other.code", "in", without)
              .where("other.status", "=", "published"),
          ),
        ),
      )
      .orderBy("article_id")
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    return rows[0]!;
  }

  describe("articles", () => {
    it("an article missing in the page's language answers 404 listing, linked with hreflang, the languages it exists in, the rest of the page intact", async () => {
      const article = await articleOnlyIn("en-US", ["pt-BR"]);
      const { status, html } = await page(`/pt/artigos/${article.article_id}/qualquer`);
      expect(status).toBe(404);
      expect(html).toContain("Este artigo não está disponível em Português.");
      expect(html).toMatch(
        new RegExp(
          `<a href="/en/articles/${article.article_id}/${article.slug}" lang="en-US" hreflang="en-US" dir="ltr">`,
          "i",
        ),
      );
      // The rest of the page: header navigation, the picker, the footer, the ways on.
      expect(html).toContain('class="site-header"');
      expect(html).toContain('class="language-picker');
      expect(html).toContain('class="site-footer"');
      expect(html).toContain('id="not-found-ways"');
      // The picker says where the Portuguese link goes instead of silently changing it.
      expect(html).toContain("Sem tradução — abre a lista de artigos");
    });

    it("an unknown article id is a plain 404, without languages", async () => {
      const { status, html } = await page("/pt/artigos/99999/nada");
      expect(status).toBe(404);
      expect(html).not.toContain("not-found-languages");
    });

    it("lists articles found only in a fallback language when the option is on, each marked with its language, and not when off", async () => {
      const spanish = await articleOnlyIn("es-ES", ["pt-BR"]);
      const withOption = await page("/pt/artigos");
      expect(withOption.status).toBe(200);
      expect(withOption.html).toContain(`<article class="card" lang="es-ES" dir="ltr">`);
      expect(withOption.html).toContain(spanish.title);
      expect(withOption.html).toMatch(/Sem tradução:<!-- --> <span lang="es-ES" dir="ltr">Español<\/span>/);
      expect((await setChain("pt-BR", { listFallbackArticles: false })).status).toBe(200);
      const without = await pageWhen("/pt/artigos", (text) => !text.includes(spanish.title));
      expect(without.html).not.toContain(spanish.title);
      expect((await setChain("pt-BR", { listFallbackArticles: true })).status).toBe(200);
    });

    it("lists each article once, in the first language of the chain it exists in, newest first, paging through all of them", async () => {
      const expected = await db()
        .selectFrom("article_versions")
        .select(["article_id", "code", "published_at"])
        .where("status", "=", "published")
        .where("code", "in", ["pt-BR", "es-ES", "en-US"])
        .execute();
      const rank = (code: string) => ["pt-BR", "es-ES", "en-US"].indexOf(code);
      const chosen = new Map<number, { code: string; published_at: string | null }>();
      for (const row of expected)
        if (!chosen.has(row.article_id) || rank(row.code) < rank(chosen.get(row.article_id)!.code))
          chosen.set(row.article_id, row);
      const order = [...chosen.entries()].sort(([aId, a], [bId, b]) =>
        a.published_at! === b.published_at! ? bId - aId : a.published_at! < b.published_at! ? 1 : -1,
      );
      const reader = testApp.services.content.articles;
      expect(await reader.countWithFallbacks(["pt-BR", "es-ES", "en-US"])).toBe(order.length);
      const listed = [];
      for (let offset = 0; offset < order.length; offset += 2)
        listed.push(...(await reader.listPageWithFallbacks(["pt-BR", "es-ES", "en-US"], offset, 2)));
      expect(listed.map((entry) => [entry.articleId, entry.code])).toEqual(order.map(([id, row]) => [id, row.code]));
    });

    it("a new article in a fallback language refreshes the borrowing language's cached list (precise invalidation)", async () => {
      const before = await page("/pt/artigos");
      expect(before.html).not.toContain("Artículo nuevo solo en español");
      const now = new Date(Date.now() + 60_000).toISOString();
      const blog = await db()
        .insertInto("articles")
        .values({ key: "solo-es", author: "Test", cover: null, tags: "[]", created_at: now, updated_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      await db()
        .insertInto("article_versions")
        .values({
          article_id: blog.id,
          code: "es-ES",
          slug: "solo-es",
          title: "Artículo nuevo solo en español",
          summary: "Resumen",
          body: "Texto",
          cover_alt: "",
          status: "published",
          published_at: now,
          updated_at: now,
        })
        .execute();
      await testApp.services.content.changed({
        kind: "articles",
        articles: [articleChange(blog.id, null, { languages: ["es-ES"], tags: [] })],
      });
      const after = await pageWhen("/pt/artigos", (text) => text.includes("Artículo nuevo solo en español"));
      expect(after.html).toContain("Artículo nuevo solo en español");
      expect(after.html).toContain(`href="/es/art%C3%ADculos/${blog.id}/solo-es"`);
    });
  });
});
