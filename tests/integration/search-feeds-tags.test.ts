import { SaxesParser } from "saxes";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminArticle } from "#core/admin/articles/schema.ts";
import type { SearchView, TagView } from "#core/views.ts";
import type { PageReads } from "#server/content/page-reads.ts";
import { searchView } from "#server/content/search-page.ts";
import { parseTagCursor, tagView, TAG_PAGE_SIZE } from "#server/content/tag-pages.ts";
import { sqliteTerms } from "#server/search/index-form.ts";
import type { Language } from "#server/content/resident.ts";
import {
  adminApiCaller,
  DATABASE_KINDS,
  signedInCookie,
  startTestApp,
  xsrfHeaders,
  type AdminApiCall,
  withVersionTags,
} from "./support.ts";

type TestApp = Awaited<ReturnType<typeof startTestApp>>;
type ReplyJson = { article?: AdminArticle };

/** An element of a parsed XML document: name, attributes, text and children. */
interface XmlNode {
  name: string;
  attributes: Record<string, string>;
  text: string;
  children: XmlNode[];
}

/** Parses with a conforming XML parser (saxes): a malformed feed throws. */
function parseXml(xml: string): XmlNode {
  const parser = new SaxesParser({ xmlns: true });
  const stack: XmlNode[] = [];
  let root: XmlNode | null = null;
  parser.on("opentag", (tag) => {
    const node: XmlNode = {
      name: tag.local ?? tag.name,
      attributes: Object.fromEntries(
        Object.values(tag.attributes).map((a) => [
          typeof a === "string" ? a : a.name,
          typeof a === "string" ? a : a.value,
        ]),
      ),
      text: "",
      children: [],
    };
    stack.at(-1)?.children.push(node);
    stack.push(node);
    root ??= node;
  });
  parser.on("text", (text) => {
    if (stack.length > 0) stack.at(-1)!.text += text;
  });
  parser.on("closetag", () => stack.pop());
  parser.write(xml).close();
  return root!;
}

const child = (node: XmlNode, name: string) => node.children.find((candidate) => candidate.name === name);
const children = (node: XmlNode, name: string) => node.children.filter((candidate) => candidate.name === name);

describe.each(DATABASE_KINDS)("search, feeds and tag pages on %s", (kind) => {
  let testApp: TestApp;
  let call: AdminApiCall<ReplyJson>;

  beforeAll(async () => {
    testApp = await startTestApp(kind);
    const xsrf = await xsrfHeaders(testApp.app);
    const admin = await signedInCookie(testApp.services, { email: "search-admin@example.com", isAdmin: true });
    call = withVersionTags(
      adminApiCaller<ReplyJson>(testApp.app, "/api/admin/articles", { admin, user: "", anonymous: "" }, xsrf),
    );
  });
  afterAll(() => testApp.close());

  const reads = (): PageReads => ({
    resident: testApp.services.content.current(),
    articles: testApp.services.content.articles,
    dependsOn: () => {},
  });
  const language = (code: string): Language =>
    testApp.services.content.current().languages.find((candidate) => candidate.code === code)!;
  const search = async (code: string, query: string, page = 1) =>
    (await searchView(reads(), language(code), query, page))!;
  const titles = (view: SearchView) => view.results.map((result) => result.title.map((part) => part.text).join(""));
  const marked = (view: SearchView) =>
    view.results.flatMap((result) =>
      [...result.title, ...result.snippet].filter((part) => part.mark).map((part) => part.text),
    );

  async function createArticle(
    tags: string[],
    versions: Record<string, { title: string; summary: string; body: string; status?: string }>,
  ): Promise<number> {
    const created = await call("POST", "", { body: { author: "Search Tester", tags } });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const id = created.json!.article!.id;
    for (const [code, version] of Object.entries(versions)) {
      const reply = await call("PUT", `/${id}/versions/${code}`, {
        body: { coverAlt: "", status: "published", ...version },
      });
      expect(reply.status, JSON.stringify(reply.json)).toBeLessThan(300);
    }
    return id;
  }

  it("reads full-width and half-width letters as the ordinary ones, in the query and in the text (NFKC, issue 44)", async () => {
    await createArticle(["nfkc-test"], {
      "ja-JP": {
        title: "ＲＯＭＥコードの読み方",
        summary: "ﾌﾗﾝｽの職業分類。",
        body: "職業コードは ROME と呼ばれます。",
      },
    });
    for (const query of ["ROME", "ＲＯＭＥ", "rome", "ｒｏｍｅ"])
      expect(titles(await search("ja-JP", query)), query).toContain("ＲＯＭＥコードの読み方");
    expect(titles(await search("ja-JP", "フランス"))).toContain("ＲＯＭＥコードの読み方");
    // The full-width title's word is marked as it is written.
    expect(marked(await search("ja-JP", "rome"))).toContain("ＲＯＭＥ");
  });

  it("ranks the articles holding the query as written first, and says when none or only some do (issue 44)", async () => {
    const apart = await createArticle(["phrase-test"], {
      "en-US": {
        title: "Zephyr notes apart",
        summary: "Words spread out.",
        body: "A quillwort grows here. Far away, a zephyr blows over the quillwort.",
      },
    });
    const together = await createArticle(["phrase-test"], {
      "en-US": {
        title: "Zephyr notes together",
        summary: "Words side by side.",
        body: "They wrote about the quillwort zephyr all day.",
      },
    });
    expect(apart).toBeLessThan(together);
    const both = await search("en-US", "quillwort zephyr");
    expect(titles(both)).toEqual(["Zephyr notes together", "Zephyr notes apart"]);
    expect(both.wholeQuery).toBe("some");
    const none = await search("en-US", "zephyr quillwort");
    expect(none.total).toBe(2);
    expect(none.wholeQuery).toBe("none");
    expect((await search("en-US", "quillwort")).wholeQuery).toBe("all");
    expect((await search("en-US", "nothing-like-this-anywhere")).wholeQuery).toBe("all");
  });

  it("matches a French plural and accented form from the singular typed without accents", async () => {
    await createArticle(["search-test"], {
      "fr-FR": {
        title: "Les métiers de l’interprétation",
        summary: "Ce que font les interprètes.",
        body: "Les **traductrices** travaillent avec les éditeurs.",
      },
    });
    const view = await search("fr-FR", "METIER traductrice");
    expect(titles(view)).toContain("Les métiers de l’interprétation");
    expect(marked(view)).toEqual(expect.arrayContaining(["métiers", "traductrices"]));
    expect(view.total).toBeGreaterThanOrEqual(1);
    // Only the language's own versions: the French words find nothing in English.
    expect(titles(await search("en-US", "interprétation"))).not.toContain("Les métiers de l’interprétation");
  });

  it("matches an Arabic word through its stem and a Japanese word inside unspaced text", async () => {
    await createArticle([], {
      ar: {
        title: "عمل المترجمين في المستشفيات",
        summary: "يوم في حياة مترجمة.",
        body: "يعمل **المترجمون** مع الأطباء كل يوم.",
      },
      "ja-JP": {
        title: "東京で働く翻訳者の一日",
        summary: "病院での通訳の仕事。",
        body: "翻訳者は毎日医師と一緒に働きます。",
      },
    });
    const arabic = await search("ar", "مترجم");
    expect(titles(arabic)).toContain("عمل المترجمين في المستشفيات");
    expect(marked(arabic)).toContain("المترجمين");
    const japanese = await search("ja-JP", "翻訳者");
    expect(titles(japanese)).toContain("東京で働く翻訳者の一日");
    expect(marked(japanese)).toContain("翻訳");
  });

  it("answers hostile queries with a normal result, never an error", async () => {
    for (const query of [
      "",
      "   ",
      '"*():^-NEAR AND OR NOT',
      "title:x OR body:*",
      "\ud800 broken \udfff",
      "x".repeat(10_000),
      "'; drop table articles; --",
      "NEAR(a b)",
      "a\u0000b",
    ]) {
      const view = await search("en-US", query);
      expect(view.kind).toBe("search");
      expect(Array.from(view.query).length).toBeLessThanOrEqual(200);
    }
    expect((await search("en-US", "x".repeat(10_000))).trimmed).toBe(200);
    expect((await search("en-US", "")).results).toEqual([]);
  });

  it("ranks, highlights safely and lists matching jobs", async () => {
    await createArticle([], {
      "en-US": {
        title: "Nursing <script>alert(1)</script> abroad",
        summary: "Nurses who travel.",
        body: "A nurse abroad.",
      },
    });
    await createArticle([], {
      "en-US": { title: "A day at the port", summary: "Logistics.", body: "One nurse came by the port office." },
    });
    const view = await search("en-US", "nurse");
    // The title match ranks above the body-only match.
    expect(titles(view).indexOf("Nursing <script>alert(1)</script> abroad")).toBeLessThan(
      titles(view).indexOf("A day at the port"),
    );
    // Marked parts are plain text: the page renders them as text, so "<script>" is shown, not run.
    expect(view.results[0]!.title.some((part) => part.text.includes("<script>"))).toBe(true);
    // Jobs match on their labels (French, where no translation was added): accent- and case-insensitively.
    const jobs = await search("fr-FR", "INFIRMIER");
    expect(jobs.jobCount).toBeGreaterThan(0);
    expect(jobs.jobs[0]!.path).toMatch(/^\/fr\/m%C3%A9tiers\//);
  });

  it("follows an edit, an unpublication and a deletion at once", async () => {
    const id = await createArticle(["search-test"], {
      "de-DE": { title: "Zunächst ein Fahrradkurier", summary: "Kurz.", body: "Text." },
    });
    expect(titles(await search("de-DE", "Fahrradkurier"))).toContain("Zunächst ein Fahrradkurier");
    await call("PUT", `/${id}/versions/de-DE`, {
      body: { title: "Dann eine Lokführerin", summary: "Kurz.", body: "Text.", coverAlt: "", status: "published" },
    });
    expect(titles(await search("de-DE", "Fahrradkurier"))).toEqual([]);
    expect(titles(await search("de-DE", "lokfuhrerin"))).toContain("Dann eine Lokführerin");
    expect((await call("POST", `/${id}/versions/de-DE/unpublish`)).status).toBe(200);
    expect(titles(await search("de-DE", "Lokführerin"))).toEqual([]);
    await call("PUT", `/${id}/versions/de-DE`, {
      body: { title: "Dann eine Lokführerin", summary: "Kurz.", body: "Text.", coverAlt: "", status: "published" },
    });
    expect(titles(await search("de-DE", "Lokführerin"))).toContain("Dann eine Lokführerin");
    expect((await call("DELETE", `/${id}`, { ifMatch: (await call("GET", `/${id}`)).etag })).status).toBe(204);
    expect(titles(await search("de-DE", "Lokführerin"))).toEqual([]);
    const entries = await testApp.services.database.db
      .selectFrom("search_entries")
      .select("id")
      .where("article_id", "=", id)
      .execute();
    expect(entries).toEqual([]);
    if (kind === "sqlite") {
      // The FTS5 index lost the deleted article's terms too (the delete trigger ran on the cascade).
      const left = await sql<{
        n: number;
      }>`select count(*) as n from search_fts where search_fts match ${'"dede_lokfuhrerin"'}`.execute(
        testApp.services.database.db,
      );
      expect(Number(left.rows[0]!.n)).toBe(0);
    }
  });

  it("makes again only the entries of versions whose title, summary or body changed", async () => {
    const db = testApp.services.database.db;
    const id = await createArticle(["fingerprint-test"], {
      "en-US": { title: "A quiet lighthouse", summary: "Coast.", body: "The keeper writes letters." },
      "fr-FR": { title: "Un phare tranquille", summary: "Côte.", body: "Le gardien écrit des lettres." },
    });
    const entries = async () =>
      Object.fromEntries(
        (
          await db
            .selectFrom("search_entries")
            .select(["code", "id", "source_fingerprint"])
            .where("article_id", "=", id)
            .execute()
        ).map((entry) => [entry.code, entry]),
      );
    const first = await entries();
    expect(Object.keys(first).sort()).toEqual(["en-US", "fr-FR"]);
    expect(first["en-US"]!.source_fingerprint).toBeTruthy();

    // The English body changes: its entry is made again, the French one is left as it was.
    await call("PUT", `/${id}/versions/en-US`, {
      body: {
        title: "A quiet lighthouse",
        summary: "Coast.",
        body: "The keeper paints boats.",
        coverAlt: "",
        status: "published",
      },
    });
    const second = await entries();
    expect(second["en-US"]!.id).not.toBe(first["en-US"]!.id);
    expect(second["fr-FR"]).toEqual(first["fr-FR"]);
    expect(titles(await search("en-US", "boats"))).toContain("A quiet lighthouse");
    expect(titles(await search("en-US", "letters"))).not.toContain("A quiet lighthouse");
    expect(titles(await search("fr-FR", "gardien"))).toContain("Un phare tranquille");

    // Saving the same text again, or changing only the article's tags, makes no entry again; tag pages follow.
    await call("PUT", `/${id}/versions/en-US`, {
      body: {
        title: "A quiet lighthouse",
        summary: "Coast.",
        body: "The keeper paints boats.",
        coverAlt: "",
        status: "published",
      },
    });
    expect(
      (
        await call("PATCH", `/${id}`, {
          body: { tags: ["fingerprint-test", "fingerprint-moved"] },
          ifMatch: (await call("GET", `/${id}`)).etag,
        })
      ).status,
    ).toBe(200);
    expect(await entries()).toEqual(second);
    const tagged = await db
      .selectFrom("published_tags")
      .select("code")
      .where("article_id", "=", id)
      .where("tag_key", "=", "fingerprint-moved")
      .orderBy("code")
      .execute();
    expect(tagged.map((row) => row.code)).toEqual(["en-US", "fr-FR"]);

    // A changed summary alone is a change; an entry made before fingerprints (null) is made again at the next write.
    await db
      .updateTable("search_entries")
      .set({ source_fingerprint: null })
      .where("article_id", "=", id)
      .where("code", "=", "en-US")
      .execute();
    await call("PUT", `/${id}/versions/fr-FR`, {
      body: {
        title: "Un phare tranquille",
        summary: "Falaises.",
        body: "Le gardien écrit des lettres.",
        coverAlt: "",
        status: "published",
      },
    });
    const third = await entries();
    expect(third["fr-FR"]!.id).not.toBe(second["fr-FR"]!.id);
    expect(third["en-US"]!.id).not.toBe(second["en-US"]!.id);
    expect(third["en-US"]!.source_fingerprint).toBe(second["en-US"]!.source_fingerprint);
    expect(titles(await search("fr-FR", "falaises"))).toContain("Un phare tranquille");

    // A version no longer published leaves the index (SQLite's FTS5 table too); the other stays.
    const indexedSummaries = async () =>
      Number(
        (
          await sql<{
            n: number;
          }>`select count(*) as n from search_fts where fts_summary match ${`"${sqliteTerms("Falaises", "fr-FR")}"`}`.execute(
            db,
          )
        ).rows[0]!.n,
      );
    if (kind === "sqlite") expect(await indexedSummaries()).toBe(1);
    expect((await call("POST", `/${id}/versions/fr-FR/unpublish`)).status).toBe(200);
    expect(Object.keys(await entries())).toEqual(["en-US"]);
    expect((await entries())["en-US"]).toEqual(third["en-US"]);
    if (kind === "sqlite") expect(await indexedSummaries()).toBe(0);
  });

  it("serves a valid Atom feed per language with absolute links, ETag and 304, refreshed by an edit", async () => {
    const response = await testApp.app.request("/ar/atom.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
    const etag = response.headers.get("etag")!;
    expect(etag).toBeTruthy();
    const feed = parseXml(await response.text());
    expect(feed.name).toBe("feed");
    expect(feed.attributes["xml:lang"]).toBe("ar");
    for (const name of ["id", "title", "updated", "author"]) expect(child(feed, name), name).toBeDefined();
    expect(children(feed, "link").find((link) => link.attributes.rel === "self")?.attributes.href).toBe(
      "http://localhost:3000/ar/atom.xml",
    );
    const entries = children(feed, "entry");
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) {
      for (const name of ["id", "title", "updated", "content", "author"])
        expect(child(entry, name), name).toBeDefined();
      expect(Date.parse(child(entry, "updated")!.text)).not.toBeNaN();
      const content = child(entry, "content")!;
      expect(content.attributes.type).toBe("html");
      expect(content.text).toMatch(/^<div lang="ar" dir="rtl">/);
      expect(content.text).not.toMatch(/\s(?:href|src)="\/(?!\/)/);
      expect(child(entry, "link")!.attributes.href).toMatch(/^http:\/\/localhost:3000\/ar\//);
    }
    const again = await testApp.app.request("/ar/atom.xml", { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);

    await createArticle([], { ar: { title: "مقال جديد للخلاصة", summary: "جديد.", body: "نص." } });
    const changed = await testApp.app.request("/ar/atom.xml", { headers: { "if-none-match": etag } });
    expect(changed.status).toBe(200);
    expect(await changed.text()).toContain("مقال جديد للخلاصة");
    // Another language's feed is a 200 of its own; an unknown language is a 404; the usual addresses lead to the favorite language's.
    expect((await testApp.app.request("/ja/atom.xml")).status).toBe(200);
    expect((await testApp.app.request("/xx/atom.xml")).status).toBe(404);
    const legacy = await testApp.app.request("/rss.xml");
    expect(legacy.status).toBe(301);
    expect(legacy.headers.get("location")).toBe("/en/atom.xml");
  });

  it("pages a tag by keyset, newest first, in the tag's language only", async () => {
    const ids: number[] = [];
    for (let index = 0; index < TAG_PAGE_SIZE + 3; index += 1) {
      ids.push(
        await createArticle(["Keyset-Tag"], {
          "pt-BR": { title: `Etiqueta ${index}`, summary: "Resumo.", body: "Texto." },
        }),
      );
    }
    await createArticle(["keyset-tag"], { "es-ES": { title: "Solo en español", summary: "Resumen.", body: "Texto." } });
    const first = (await tagView(reads(), language("pt-BR"), "keyset-tag", null)) as TagView;
    expect(first.tag).toBe("Keyset-Tag");
    expect(first.items).toHaveLength(TAG_PAGE_SIZE);
    expect(first.newestPath).toBeNull();
    const cursor = parseTagCursor(new URL(first.olderPath!, "http://x").searchParams.get("after"));
    expect(cursor.ok).toBe(true);
    const second = (await tagView(
      reads(),
      language("pt-BR"),
      "KEYSET-TAG",
      cursor.ok ? cursor.after : null,
    )) as TagView;
    expect(second.items).toHaveLength(3);
    expect(second.olderPath).toBeNull();
    expect(second.newestPath).toBe(first.seo.canonicalPath);
    const shown = [...first.items, ...second.items].map((item) => item.id);
    expect(shown).toEqual([...ids].reverse());
    expect(await tagView(reads(), language("pt-BR"), "no-such-tag", null)).toBeNull();
    expect(parseTagCursor("2026-01-01T00:00:00Z_1; drop").ok).toBe(false);
  });
});
