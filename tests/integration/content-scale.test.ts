/**
 * Content at any size (issue 9; issue 8 items 3 and 7), on both databases, with
 * the real React Router build behind the HTTP app (npm test builds first):
 * precise invalidation, keyset pages across equal timestamps, the sitemap
 * index and its chunk limits, bulk import validation, /init/file/blogs paging,
 * weak and strong ETags, cache keys that ignore unused query parameters, and
 * no CSP nonce shared by the responses of a cached page.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer, request as httpRequest, type RequestListener } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { Hono } from "hono";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { markdownText } from "#core/markdown.ts";
import type { AppServices } from "#server/content/context.ts";
import { upsertArticles, type ArticleSource } from "#server/content/imported-articles.ts";
import { ANCHOR_STRIDE } from "#server/content/list-indexes.ts";
import { importArticles } from "#server/content/ndjson.ts";
import { parseDatabaseUrl } from "#server/base/config.ts";
import { openDatabase } from "#server/db/connect.ts";
import { bufferSearchInserts } from "#server/db/full-text.ts";
import { IMPORT_BATCH, ImportError } from "#server/content/ndjson-lines.ts";
import { searchEntries } from "#server/search/entries.ts";
import { indexForm, sqliteTerms } from "#server/search/index-form.ts";
import { prepareImportedVersion } from "#server/content/imported-versions.ts";
import type { HttpEnv } from "#server/http/env.ts";
import type { PageCache } from "#server/web/page-cache.ts";
import {
  adminApiCaller,
  DATABASE_KINDS,
  signedInCookie,
  startTestApp,
  xsrfHeaders,
  type AdminApiCall,
  withVersionTags,
} from "./support.ts";

type Site = { app: Hono<HttpEnv>; pageCache: PageCache; listener: RequestListener };
const bundlePath = new URL("../../build/server/index.js", import.meta.url).href;
const { createSite } = (await import(bundlePath)) as { createSite: (services: AppServices) => Site };

const SITEMAP_CHUNK_URLS = 20;

interface ArticleReply {
  article?: { id: number; versions: { code: string; slug: string }[] };
}

describe.each(DATABASE_KINDS)("content at any size on %s", (kind) => {
  let testApp: Awaited<ReturnType<typeof startTestApp>>;
  let site: Site;
  let call: AdminApiCall<ArticleReply>;
  let adminCookie = "";
  const get = (path: string, headers: Record<string, string> = {}) => site.app.request(path, { headers });
  const db = () => testApp.services.database.db;
  /** Whether PostgreSQL's search index buffers its inserts (server/db/full-text.ts, bufferSearchInserts); SQLite's never does. */
  const searchIndexBuffers = async () =>
    kind === "postgres" &&
    (
      await sql<{
        options: string[] | null;
      }>`select reloptions as options from pg_class where relname = 'search_entries_document_index'`.execute(db())
    ).rows[0]!.options?.includes("fastupdate=on") === true;
  /** Makes writing the article `key` fail (a trigger), until the returned function is called. */
  async function refuseArticle(key: string): Promise<() => Promise<void>> {
    if (kind === "sqlite")
      await sql`create trigger refuse_article before insert on articles when new.key = ${sql.lit(key)} begin select raise(abort, 'refused by the test'); end`.execute(
        db(),
      );
    else {
      await sql`create function refuse_article() returns trigger language plpgsql as $$ begin if new.key = ${sql.lit(key)} then raise exception 'refused by the test'; end if; return new; end $$`.execute(
        db(),
      );
      await sql`create trigger refuse_article before insert on articles for each row execute function refuse_article()`.execute(
        db(),
      );
    }
    return async () => {
      await sql`drop trigger refuse_article${sql.raw(kind === "sqlite" ? "" : " on articles")}`.execute(db());
      if (kind === "postgres") await sql`drop function refuse_article`.execute(db());
    };
  }

  beforeAll(async () => {
    testApp = await startTestApp(kind, { env: { SITEMAP_CHUNK_URLS: String(SITEMAP_CHUNK_URLS) } });
    site = createSite(testApp.services);
    const xsrf = await xsrfHeaders(site.app);
    adminCookie = await signedInCookie(testApp.services, { email: `scale-admin-${kind}@example.com`, isAdmin: true });
    call = withVersionTags(
      adminApiCaller<ArticleReply>(
        site.app,
        "/api/admin/articles",
        { admin: adminCookie, user: "", anonymous: "" },
        xsrf,
      ),
    );
  });
  afterAll(() => testApp?.close());

  async function publish(title: string, tags: string[] = [], code = "en-US"): Promise<{ id: number; path: string }> {
    const created = await call("POST", "", { body: { author: "Scale Tester", tags } });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const id = created.json!.article!.id;
    const saved = await call("PUT", `/${id}/versions/${code}`, {
      body: { title, summary: "", body: `About **${title}**.`, status: "published" },
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(201);
    const slug = saved.json!.article!.versions.find((version) => version.code === code)!.slug;
    return { id, path: `/en/articles/${id}/${slug}` };
  }

  const snapshotOfDatabase = async () => ({
    blogs: await db().selectFrom("articles").selectAll().orderBy("id").execute(),
    versions: await db()
      .selectFrom("article_versions")
      .select(["id", "article_id", "code", "slug", "title", "updated_at"])
      .orderBy("id")
      .execute(),
    tags: await db().selectFrom("article_tags").selectAll().orderBy("article_id").orderBy("tag").execute(),
    changes: (await db().selectFrom("content_changes").select("id").execute()).length,
  });

  it("invalidates precisely: an edit to A keeps B's cached page and changes every page listing A", async () => {
    const a = await publish("Alpha article of the precise test", ["A1101"]);
    const b = await publish("Bravo article of the precise test");
    // Fill the cache (job pages redirect to their canonical slug: follow once).
    const jobPath = new URL((await get("/en/jobs/a1101/x")).headers.get("location")!, "http://x").pathname;
    for (const path of [a.path, b.path, "/en/articles", "/en/welcome", jobPath])
      expect((await get(path)).status).toBe(200);
    for (const path of [a.path, b.path, "/en/articles", "/en/welcome", jobPath])
      expect(site.pageCache.isCached(path), path).toBe(true);
    const bBody = await (await get(b.path)).text();

    const edited = await call("PUT", `/${a.id}/versions/en-US`, {
      body: { title: "Alpha renamed everywhere", summary: "", body: "Edited.", status: "published" },
    });
    expect(edited.status).toBe(200);

    expect(site.pageCache.isCached(b.path)).toBe(true);
    expect(await (await get(b.path)).text()).toBe(bBody);
    for (const path of [a.path, "/en/articles", "/en/welcome", jobPath])
      expect(site.pageCache.isCached(path), path).toBe(false);
    const renamed = `/en/articles/${a.id}/alpha-renamed-everywhere`;
    expect(await (await get(renamed)).text()).toContain("Alpha renamed everywhere");
    expect(await (await get("/en/articles")).text()).toContain("Alpha renamed everywhere");
    expect(await (await get("/en/welcome")).text()).toContain("Alpha renamed everywhere");
    expect(await (await get(jobPath)).text()).toContain("Alpha renamed everywhere");
    // Resident data (a UI string) still invalidates everything, through content.changed() without an argument.
    await testApp.services.content.changed();
    expect(site.pageCache.isCached(b.path)).toBe(false);
  });

  it("pages a language's list by keyset, correctly across equal timestamps and deep pages", async () => {
    const count = ANCHOR_STRIDE * 2 + 17;
    const sameInstant = "2020-01-01T00:00:00.000Z";
    const sources: ArticleSource[] = Array.from({ length: count }, (_, index) => ({
      key: `keyset-${kind}-${index}`,
      author: "Keyset",
      cover: null,
      tags: [],
      versions: new Map([
        [
          "de-DE",
          {
            slug: `keyset-${index}`,
            title: `Keyset ${index}`,
            summary: "",
            body: "x",
            coverAlt: "",
            status: "published" as const,
          },
        ],
      ]),
    }));
    const changes = await db()
      .transaction()
      .execute((trx) =>
        upsertArticles(
          trx,
          sources,
          sources.flatMap((source) =>
            [...source.versions].map(([language, version]) => prepareImportedVersion({ ...version, language }, kind)),
          ),
          sameInstant,
          { uid: "test", keep: 50 },
        ),
      );
    await testApp.services.content.changed({ kind: "articles", articles: changes });
    const reader = testApp.services.content.articles;
    const total = await reader.countIn("de-DE");
    const expected = (
      await db()
        .selectFrom("article_versions")
        .select(["article_id", "published_at"])
        .where("code", "=", "de-DE")
        .where("status", "=", "published")
        .execute()
    )
      .sort((x, y) =>
        y.published_at! < x.published_at! ? -1 : y.published_at! > x.published_at! ? 1 : y.article_id - x.article_id,
      )
      .map((row) => row.article_id);
    expect(total).toBe(expected.length);
    const seen: number[] = [];
    for (let offset = 0; offset < total; offset += 6)
      seen.push(...(await reader.listPage("de-DE", offset, 6)).map((entry) => entry.articleId));
    expect(seen).toEqual(expected);
    // A deep page over HTTP shows the same articles as the keyset reader.
    const page = Math.ceil(total / 6) - 1;
    const html = await (await get(`/de/artikel?page=${page}`)).text();
    for (const id of expected.slice((page - 1) * 6, page * 6)) expect(html).toContain(`/de/artikel/${id}/`);
    expect((await get(`/de/artikel?page=${page + 2}`)).status).toBe(404);
  });

  it("serves /sitemap.xml as an index of children within the chunk size, with hreflang and lastmod, invalidated per chunk", async () => {
    const index = await (await get("/sitemap.xml")).text();
    expect(index).toContain("<sitemapindex");
    const children = [...index.matchAll(/<loc>http:\/\/localhost:3000(\/sitemaps\/[^<]+)<\/loc>/g)].map(
      (match) => match[1]!,
    );
    expect(children.some((child) => child.includes("articles-"))).toBe(true);
    const locations = new Map<string, string>();
    let articleXml = "";
    for (const child of children) {
      const response = await get(child);
      expect(response.status).toBe(200);
      const xml = await response.text();
      expect(Buffer.byteLength(xml)).toBeLessThan(50 * 1024 * 1024);
      const urls = [...xml.matchAll(/<url><loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
      expect(urls.length).toBeGreaterThan(0);
      expect(urls.length).toBeLessThanOrEqual(SITEMAP_CHUNK_URLS);
      for (const url of urls) {
        expect(locations.has(url), `${url} in ${child} and ${locations.get(url)}`).toBe(false);
        locations.set(url, child);
      }
      if (child.includes("articles-")) {
        expect(xml).toContain("<lastmod>");
        articleXml += xml;
      }
    }
    for (const code of ["en-US", "fr-FR", "ar", "x-default"]) expect(articleXml).toContain(`hreflang="${code}"`);
    const published = await db()
      .selectFrom("article_versions")
      .select("article_id")
      .where("status", "=", "published")
      .where("code", "=", "en-US")
      .execute();
    for (const { article_id } of published)
      expect(
        [...locations.keys()].some((url) => url.includes(`/en/articles/${article_id}/`)),
        `article ${article_id}`,
      ).toBe(true);
    expect((await get("/sitemaps/articles-999999.xml")).status).toBe(404);
    expect((await get("/sitemaps/../package.json")).status).toBe(404);

    // An edit drops only the child that lists the article (and the index).
    const articleChildren = children.filter((child) => child.includes("articles-"));
    const first = articleChildren[0]!;
    // The request that streamed a child counts as its first: the next one has its compressed copy made.
    await get(first, { "accept-encoding": "br" });
    const kept = site.pageCache.responses.peek(`sitemap:${first.slice("/sitemaps/".length, -4)}`)!;
    expect(kept.compressing.size + kept.encoded.size).toBe(1);
    const last = articleChildren.at(-1)!;
    const inFirst = [...locations].find(([url, child]) => child === first && url.includes("/en/articles/"))![0];
    const id = Number(/\/en\/articles\/(\d+)\//.exec(inFirst)![1]);
    expect(site.pageCache.responses.has(`sitemap:${last.slice("/sitemaps/".length, -4)}`)).toBe(true);
    await call("PATCH", `/${id}`, { body: { author: "Sitemap Editor" }, ifMatch: (await call("GET", `/${id}`)).etag });
    expect(site.pageCache.responses.has(`sitemap:${first.slice("/sitemaps/".length, -4)}`)).toBe(false);
    expect(site.pageCache.responses.has(`sitemap:${last.slice("/sitemaps/".length, -4)}`)).toBe(
      first === last ? false : true,
    );
  });

  describe("npm run content -- import", () => {
    const dir = mkdtempSync(join(tmpdir(), "pp-import-"));
    const line = (key: string, versions: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
      JSON.stringify({ key, author: "Importer", tags: ["A1101"], versions, ...extra });
    const version = (slug: string, extra: Record<string, unknown> = {}) => ({
      slug,
      title: `Title ${slug}`,
      summary: "s",
      body: "# Heading\n\n- item",
      status: "published",
      ...extra,
    });
    const fileWith = (name: string, content: string | Buffer) => {
      const path = join(dir, name);
      writeFileSync(path, content);
      return path;
    };

    it.each([
      [
        "bad JSON",
        `${line(`ok-${kind}`, { en: version(`ok-${kind}`) })}\n{"key": "broken",\n`,
        /^line 2: is not valid JSON/,
      ],
      [
        "no language",
        line("no-language", { en: version("a") }).replace(/"versions":\{.*\}\}$/, '"versions":{}}'),
        /^line 1: versions: must have at least one language/,
      ],
      [
        "duplicate slug in the file",
        `${line("one", { en: version("twin") })}\n${line("two", { en: version("twin") })}`,
        /^line 2: versions\.en\.slug: "twin" is already used in en-US on line 1/,
      ],
      [
        "duplicate key",
        `${line("same", { en: version("s1") })}\n${line("same", { fr: version("s2") })}`,
        /^line 2: key: "same" is already on line 1/,
      ],
      [
        "over-long title",
        line("long", { en: version("long", { title: "x".repeat(201) }) }),
        /^line 1: versions\.en\.title: must be at most 200 characters/,
      ],
      [
        "unknown language",
        line("unknown", { xx: version("u") }),
        /^line 1: versions\.xx: "xx" is not a language of this site/,
      ],
      ["0-byte file", "", /^the file is empty/],
      [
        "binary file",
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0xfe, 0x00]),
        /^line \d: (is not UTF-8 text|contains a NUL character)/,
      ],
    ])("refuses %s and leaves the database unchanged", async (_name, content, message) => {
      const before = await snapshotOfDatabase();
      const path = fileWith(`bad-${_name.replace(/\W/g, "-")}.ndjson`, content);
      const error = await importArticles(testApp.services.database, path, "test").catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ImportError);
      expect((error as ImportError).message).toMatch(message);
      expect(await snapshotOfDatabase()).toEqual(before);
    });

    it(
      "refuses a bad line after a whole batch of good ones and writes none of them (the whole file is checked first)",
      { timeout: 120_000 },
      async () => {
        const before = await snapshotOfDatabase();
        const good = Array.from({ length: IMPORT_BATCH + 3 }, (_, index) =>
          line(`spooled-${kind}-${index}`, { en: version(`spooled-${kind}-${index}`) }),
        );
        const path = fileWith("late-error.ndjson", `${good.join("\n")}\n{"key": "late"}\n`);
        await expect(importArticles(testApp.services.database, path, "test")).rejects.toThrow(
          `line ${IMPORT_BATCH + 4}: `,
        );
        expect(await snapshotOfDatabase()).toEqual(before);
      },
    );

    it(
      "writes a file of several batches while the next batch is measured, reporting progress per batch; the search catch-up renders and indexes them",
      { timeout: 120_000 },
      async () => {
        const keys = Array.from({ length: IMPORT_BATCH + 3 }, (_, index) => `batched-${kind}-${index}`);
        const path = fileWith(
          "batches.ndjson",
          keys.map((key) => line(key, { en: version(key), fr: version(`${key}-fr`) })).join("\n"),
        );
        const seen: { articles: number; total: number; lastLine: number }[] = [];
        const buffering: Promise<boolean>[] = [];
        const summary = await importArticles(testApp.services.database, path, "test", (done) => {
          seen.push(done);
          buffering.push(searchIndexBuffers());
        });
        expect(summary).toEqual({ articles: keys.length, versions: keys.length * 2, lastLine: keys.length });
        // PostgreSQL's search index buffered the import's inserts while it wrote, and no longer does (decision 0238).
        expect(await Promise.all(buffering)).toEqual([kind === "postgres", kind === "postgres"]);
        expect(await searchIndexBuffers()).toBe(false);
        if (kind === "postgres")
          expect(
            (
              await sql<{
                pages: number;
              }>`select gin_clean_pending_list('search_entries_document_index')::integer as pages`.execute(db())
            ).rows,
          ).toEqual([{ pages: 0 }]);
        expect(seen).toEqual([
          { articles: IMPORT_BATCH, total: keys.length, lastLine: IMPORT_BATCH },
          { articles: keys.length, total: keys.length, lastLine: keys.length },
        ]);
        const stored = () =>
          db()
            .selectFrom("articles")
            .innerJoin("article_versions", "article_versions.article_id", "articles.id")
            .select(["article_versions.html", "article_versions.awaiting_index", "article_versions.reading_minutes"])
            .where("articles.key", "like", `batched-${kind}-%`)
            .execute();
        const indexed = async () =>
          Number(
            (
              await db()
                .selectFrom("search_entries")
                .innerJoin("articles", "articles.id", "search_entries.article_id")
                .select((eb) => eb.fn.countAll<number | string>().as("count"))
                .where("articles.key", "like", `batched-${kind}-%`)
                .executeTakeFirstOrThrow()
            ).count,
          );
        // Stored unrendered, with their reading time (lists show it), and indexed in the same transactions (decision 0226).
        expect(await stored()).toEqual(
          Array.from({ length: keys.length * 2 }, () => ({ html: null, awaiting_index: 0, reading_minutes: 1 })),
        );
        expect(await indexed()).toBe(keys.length * 2);
        const revisions = await db()
          .selectFrom("article_revisions")
          .innerJoin("articles", "articles.id", "article_revisions.article_id")
          .select((eb) => eb.fn.countAll<number | string>().as("count"))
          .where("articles.key", "like", `batched-${kind}-%`)
          .where("article_revisions.action", "=", "import")
          .executeTakeFirstOrThrow();
        expect(Number(revisions.count)).toBe(keys.length * 2);
        // Written in short transactions (other processes' writes wait for one at most), each audited with its lines: together, every line once.
        const audited = await db()
          .selectFrom("audit_log")
          .select(["entity_id", "after"])
          .where("action", "=", "import")
          .where("after", "like", `%batched-${kind}-%`)
          .orderBy("id")
          .execute();
        expect(audited.length).toBeGreaterThan(2);
        expect(audited.flatMap((entry) => (JSON.parse(entry.after!) as { keys: string[] }).keys)).toEqual(keys);
        const ranges = audited.map(
          (entry) => /^lines (\d+)-(\d+)$/.exec(entry.entity_id)!.slice(1).map(Number) as [number, number],
        );
        expect(ranges.map(([first], index) => first - (index === 0 ? 0 : ranges[index - 1]![1]))).toEqual(
          ranges.map(() => 1),
        );
        expect(ranges.at(-1)![1]).toBe(keys.length);
      },
    );

    it("refuses a slug a stored article already uses", async () => {
      const stored = await db()
        .selectFrom("article_versions")
        .innerJoin("articles", "articles.id", "article_versions.article_id")
        .select(["slug", "key"])
        .where("code", "=", "en-US")
        .executeTakeFirstOrThrow();
      const before = await snapshotOfDatabase();
      const path = fileWith("taken.ndjson", line("newcomer", { en: version(stored.slug) }));
      await expect(importArticles(testApp.services.database, path, "test")).rejects.toThrow(
        `line 1: versions.en.slug: "${stored.slug}" is already used in en-US by the stored article "${stored.key}"`,
      );
      expect(await snapshotOfDatabase()).toEqual(before);
    });

    it("gives the articles that landed before a failed transaction their tag pages' rows, and names the lines", async () => {
      // The first transaction writes 8 articles; a trigger fails the one holding the last article (the second or third).
      const keys = Array.from({ length: 10 }, (_, index) => `halfway-${kind}-${index + 1}`);
      const failing = keys.at(-1)!;
      const allow = await refuseArticle(failing);
      let landed = 0;
      try {
        const path = fileWith("halfway.ndjson", keys.map((key) => line(key, { en: version(key) })).join("\n"));
        const error = await importArticles(testApp.services.database, path, "test").catch((caught: unknown) => caught);
        // The second transaction's size follows the first's time per article: lines 9–10, or 9 alone then 10.
        const message = error instanceof Error ? error.message : String(error);
        expect(message).toMatch(
          /^writing lines (9|10)–10 failed, nothing from line \1 on was written; lines 1–(8|9) landed \(\2 articles\): .*refused by the test/,
        );
        landed = Number(/lines 1–(\d+) landed/.exec(message)![1]);
      } finally {
        await allow();
      }
      const tagged = await db()
        .selectFrom("published_tags")
        .innerJoin("articles", "articles.id", "published_tags.article_id")
        .select("articles.key")
        .where("articles.key", "like", `halfway-${kind}-%`)
        .execute();
      expect(tagged.map((row) => row.key).sort()).toEqual(keys.slice(0, landed).sort());
    });

    it.runIf(kind === "postgres")(
      "leaves PostgreSQL's search index unbuffered for a role that does not own it",
      async () => {
        const role = `pp_importer_${process.pid}`;
        await sql`create role ${sql.id(role)} login`.execute(db());
        const url = new URL(testApp.databaseUrl);
        url.username = role;
        const other = openDatabase(parseDatabaseUrl(url.href));
        try {
          expect(await bufferSearchInserts(other.db, true)).toBe(false);
          expect(await searchIndexBuffers()).toBe(false);
        } finally {
          await other.close();
          await sql`drop role ${sql.id(role)}`.execute(db());
        }
      },
    );

    it("stops PostgreSQL's search index buffering when a large import fails", { timeout: 120_000 }, async () => {
      const keys = Array.from({ length: IMPORT_BATCH + 1 }, (_, index) => `unbuffered-${kind}-${index + 1}`);
      const allow = await refuseArticle(keys.at(-1)!);
      const buffering: Promise<boolean>[] = [];
      try {
        const path = fileWith("refused.ndjson", keys.map((key) => line(key, { en: version(key) })).join("\n"));
        await expect(
          importArticles(testApp.services.database, path, "test", () => buffering.push(searchIndexBuffers())),
        ).rejects.toThrow(`nothing from line ${keys.length} on was written`);
      } finally {
        await allow();
      }
      expect(await Promise.all(buffering)).toEqual([kind === "postgres"]);
      expect(await searchIndexBuffers()).toBe(false);
    });

    it("gives every article of a batch its tag pages' rows, over the several transactions that make them", async () => {
      const keys = Array.from({ length: 230 }, (_, index) => `tagged-${kind}-${index + 1}`);
      const path = fileWith(
        "tagged.ndjson",
        keys.map((key) => line(key, { en: version(key), fr: version(`${key}-fr`) })).join("\n"),
      );
      expect(await importArticles(testApp.services.database, path, "test")).toEqual({
        articles: 230,
        versions: 460,
        lastLine: 230,
      });
      const tagged = await db()
        .selectFrom("published_tags")
        .innerJoin("articles", "articles.id", "published_tags.article_id")
        .select(["articles.key", "published_tags.code", "published_tags.tag_key"])
        .where("articles.key", "like", `tagged-${kind}-%`)
        .execute();
      expect(tagged).toHaveLength(460);
      expect(new Set(tagged.map((row) => row.key))).toEqual(new Set(keys));
      expect(new Set(tagged.map((row) => `${row.code} ${row.tag_key}`))).toEqual(
        new Set(["en-US a1101", "fr-FR a1101"]),
      );
    });

    it("imports and updates by key; the running site shows it and finds it at once, and renders it on its first read", async () => {
      const key = `imported-${kind}`;
      const path = fileWith(
        "good.ndjson",
        `${line(key, { en: version(`${key}-en`), fr: version(`${key}-fr`) })}\n\n${line(`${key}-2`, { ar: version(`${key}-ar`) })}\n`,
      );
      expect(await get("/en/articles")).toBeTruthy();
      expect(site.pageCache.isCached("/en/articles")).toBe(true);
      const searchPath = `/en/search?q=${encodeURIComponent(`Title ${key}-en`)}`;
      const linked = `/${key}-en"`;
      expect(await (await get(searchPath)).text()).not.toContain(linked);
      expect(site.pageCache.isCached(searchPath)).toBe(true);
      const summary = await importArticles(testApp.services.database, path, "another-process");
      expect(summary).toEqual({ articles: 2, versions: 3, lastLine: 3 });
      const storedRows = () =>
        db()
          .selectFrom("article_versions")
          .innerJoin("articles", "articles.id", "article_versions.article_id")
          .select(["html", "renderer_version", "article_id", "awaiting_index"])
          .where("articles.key", "=", key)
          .orderBy("article_versions.code")
          .execute();
      const [unrendered] = await storedRows();
      expect(unrendered).toMatchObject({ html: null, awaiting_index: 0 });
      // The import announced its change like another process would: the site drops the list, and the search pages
      // that depend on it, within a second; the import indexed the versions in its own transactions (decision 0226).
      const started = Date.now();
      while (site.pageCache.isCached("/en/articles") && Date.now() - started < 1_000)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(site.pageCache.isCached("/en/articles")).toBe(false);
      expect(site.pageCache.isCached(searchPath)).toBe(false);
      expect(await (await get("/en/articles")).text()).toContain(`Title ${key}-en`);
      expect(await (await get(searchPath)).text()).toContain(linked);
      // Its page renders the version on its first read; tag pages have it at once.
      expect(await (await get(`/en/articles/${unrendered!.article_id}/${key}-en`)).text()).toContain(
        "<h1>Heading</h1>",
      );
      const tagged = await db()
        .selectFrom("published_tags")
        .select(["code", "tag_key"])
        .where("article_id", "=", unrendered!.article_id)
        .orderBy("code")
        .execute();
      expect(tagged).toEqual([
        { code: "en-US", tag_key: "a1101" },
        { code: "fr-FR", tag_key: "a1101" },
      ]);
      // The page read stored the rendering of the version it showed; the other waits for its own first read.
      await testApp.services.content.articles.rendersStored();
      const stored = await storedRows();
      expect(stored.map((row) => row.html === null)).toEqual([false, true]);
      // Each version gets its search entry (which keeps no copy of the text, decision 0230).
      const indexed = await db()
        .selectFrom("search_entries")
        .select("code")
        .where("article_id", "=", stored[0]!.article_id)
        .orderBy("code")
        .execute();
      expect(indexed).toEqual([{ code: "en-US" }, { code: "fr-FR" }]);
      // …and the index form the workers computed (stems): a body-only word is found in another form.
      const found = await searchEntries(db(), "en-US", "headings", 10, 0);
      expect(found.hits.map((hit) => hit.articleId)).toContain(stored[0]!.article_id);
      if (kind === "sqlite") {
        // The contentless index keeps no text: the entry is found in the body column by each of the terms.
        const entry = await db()
          .selectFrom("search_entries")
          .select("id")
          .where("article_id", "=", stored[0]!.article_id)
          .where("code", "=", "en-US")
          .executeTakeFirstOrThrow();
        const terms = sqliteTerms(markdownText("# Heading\n\n- item"), "en-US").split(" ");
        expect(terms).toEqual(["enus_head", "enus_item"]);
        for (const term of terms) {
          const { rows } = await sql<{
            rowid: number;
          }>`select rowid from search_fts where fts_body match ${`"${term}"`}`.execute(db());
          expect(rows.map((row) => row.rowid)).toContain(entry.id);
        }
      } else {
        // The document the workers made from the version's terms, title, summary and body weighted apart.
        const entry = await db()
          .selectFrom("search_entries")
          .select(["id", "title", "summary"])
          .where("article_id", "=", stored[0]!.article_id)
          .where("code", "=", "en-US")
          .executeTakeFirstOrThrow();
        const document = indexForm(
          "postgres",
          { ...entry, body_text: markdownText("# Heading\n\n- item") },
          "en-US",
        )[0];
        const { rows } = await sql<{
          same: boolean;
          terms: string;
        }>`select document = ${document}::tsvector as same, ${document}::tsvector::text as terms
          from search_entries where id = ${entry.id}`.execute(db());
        expect(rows[0]?.terms).toMatch(/'head':\d+C .*'item':\d+C/);
        expect(rows.map((row) => row.same)).toEqual([true]);
      }

      const update = fileWith("update.ndjson", line(key, { en: version(`${key}-en`, { title: "Updated by import" }) }));
      await importArticles(testApp.services.database, update, "another-process");
      const versions = await db()
        .selectFrom("article_versions")
        .select(["code", "title"])
        .where("article_id", "=", stored[0]!.article_id)
        .orderBy("code")
        .execute();
      expect(versions).toEqual([
        { code: "en-US", title: "Updated by import" },
        { code: "fr-FR", title: `Title ${key}-fr` },
      ]);
    });

    it("records the library images imported bodies show, for new articles and for updated ones", async () => {
      const media = await db()
        .insertInto("media")
        .values({
          file_name: "image.jpg",
          source_sha256: `sha-${kind}`,
          format: "jpeg",
          width: 10,
          height: 10,
          source_bytes: 1,
          search_text: "",
          uploaded_by: null,
          created_at: new Date().toISOString(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const key = `with-image-${kind}`;
      const usedBy = async () =>
        (
          await db()
            .selectFrom("media_usage")
            .innerJoin("articles", "articles.id", "media_usage.article_id")
            .select("articles.key")
            .where("media_usage.media_id", "=", media.id)
            .execute()
        ).map((row) => row.key);
      const importLine = (name: string, text: string) =>
        importArticles(testApp.services.database, fileWith(name, text), "test");
      // A new article: its bodies come from the file.
      await importLine(
        "image-new.ndjson",
        line(key, { en: version(`${key}-en`, { body: `![](media:${media.id})` }), fr: version(`${key}-fr`) }),
      );
      expect(await usedBy()).toEqual([key]);
      // An update naming the French version only: the English one, kept as stored, still shows the image.
      await importLine("image-fr.ndjson", line(key, { fr: version(`${key}-fr`, { body: "No image." }) }));
      expect(await usedBy()).toEqual([key]);
      await importLine("image-en.ndjson", line(key, { en: version(`${key}-en`, { body: "No image." }) }));
      expect(await usedBy()).toEqual([]);
    });

    it("runs from the command line with line-numbered errors, and exports the same format", { timeout: 90_000 }, () => {
      const env = { ...process.env, DATABASE_URL: testApp.databaseUrl, LOG_LEVEL: "silent" };
      const bad = fileWith("cli-bad.ndjson", `${line("cli-ok", { en: version("cli-ok") })}\nnot json\n`);
      const refused = spawnSync(process.execPath, ["server/cli/content.ts", "import", bad], { env, encoding: "utf8" });
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain("Import refused, nothing was written: line 2: is not valid JSON");
      const usage = spawnSync(process.execPath, ["server/cli/content.ts", "nonsense"], { env, encoding: "utf8" });
      expect(usage.status).toBe(2);
      const exported = spawnSync(process.execPath, ["server/cli/content.ts", "export"], {
        env,
        encoding: "utf8",
        maxBuffer: 64 * 1024 * 1024,
      });
      expect(exported.status).toBe(0);
      const lines = exported.stdout
        .trim()
        .split("\n")
        .map((text) => JSON.parse(text) as { key: string; versions: Record<string, { slug: string; status: string }> });
      expect(lines.find((entry) => entry.key === `imported-${kind}`)?.versions.en).toMatchObject({
        slug: `imported-${kind}-en`,
        status: "published",
      });
    });
  });

  it("pages /init/file/blogs: following `next` visits every article exactly once while articles are published", async () => {
    const seen: string[] = [];
    let next: string | null = "/init/file/blogs?limit=3";
    let published = 0;
    while (next) {
      const response = await get(next);
      expect(response.status).toBe(200);
      const page = (await response.json()) as { data: { documents: { id: string }[] }; next: string | null };
      expect(page.data.documents.length).toBeLessThanOrEqual(3);
      seen.push(...page.data.documents.map((document) => document.id));
      next = page.next;
      if (published < 2) {
        await publish(`Published while paging ${published} ${kind}`);
        published += 1;
      }
    }
    expect(new Set(seen).size).toBe(seen.length);
    const withPublished = await db()
      .selectFrom("article_versions")
      .select("article_id")
      .distinct()
      .where("status", "=", "published")
      .execute();
    expect(seen.map(Number).sort((x, y) => x - y)).toEqual(
      withPublished.map((row) => row.article_id).sort((x, y) => x - y),
    );
    for (const [query, field] of [
      ["after=-1", "after"],
      ["limit=0", "limit"],
      ["limit=101", "limit"],
      ["after=abc", "after"],
    ]) {
      const response = await get(`/init/file/blogs?${query}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: { field } });
    }
  });

  it("answers If-None-Match with 304 for strong and weak ETags, compressed or not", async () => {
    for (const path of ["/init/file/languages", "/init/file/blogs", "/sitemap.xml", "/en/welcome"]) {
      for (const encoding of ["", "gzip", "br", "deflate"]) {
        const headers: Record<string, string> = encoding ? { "accept-encoding": encoding } : {};
        const first = await get(path, headers);
        expect(first.status, `${path} ${encoding}`).toBe(200);
        const etag = first.headers.get("etag")!;
        expect(etag, `${path} ${encoding}`).toBeTruthy();
        if (encoding === "deflate") expect(etag.startsWith("W/"), `${path} deflate: ${etag}`).toBe(true);
        expect((await get(path, { ...headers, "if-none-match": etag })).status, `${path} ${encoding} ${etag}`).toBe(
          304,
        );
        // Weak comparison: the weak form of a strong tag matches too, and so does a list holding it.
        const weak = etag.startsWith("W/") ? etag : `W/${etag}`;
        expect((await get(path, { ...headers, "if-none-match": `"other", ${weak}` })).status).toBe(304);
        expect((await get(path, { ...headers, "if-none-match": '"other"' })).status).toBe(200);
      }
    }
  });

  it("lets a page's identity body go for room once its compressed copy is ready, and still gives every client the same bytes", async () => {
    const server = createServer(site.listener).listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    // Through Node's request listener (its cache fast path included), with the Accept-Encoding given, nothing decoded.
    const raw = (method: string, acceptEncoding?: string) =>
      new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
        (resolve, reject) => {
          const headers = acceptEncoding ? { "accept-encoding": acceptEncoding } : {};
          const outgoing = httpRequest(
            { port: (server.address() as AddressInfo).port, path: "/en/welcome", method, headers },
            (incoming) => {
              const chunks: Buffer[] = [];
              incoming
                .on("data", (chunk: Buffer) => chunks.push(chunk))
                .on("end", () =>
                  resolve({ status: incoming.statusCode!, headers: incoming.headers, body: Buffer.concat(chunks) }),
                );
            },
          );
          outgoing.on("error", reject).end();
        },
      );
    try {
      site.pageCache.responses.invalidate(null);
      const identity = await raw("GET");
      expect(identity.status).toBe(200);
      await vi.waitFor(async () => expect((await raw("GET", "gzip")).headers["content-encoding"]).toBe("gzip"));
      const entry = site.pageCache.responses.peek("page:/en/welcome")!;
      // Small responses filling the cache: the page's identity body goes before any entry, so the page stays.
      const filler = { status: 200, headers: {}, body: Buffer.alloc(8_192), shows: new Set(["filler"]) };
      for (let n = 0; entry.body !== null && n < 20_000; n += 1)
        site.pageCache.responses.put(`filler-${n}`, filler, site.pageCache.responses.generation);
      expect(entry.body).toBeNull();
      expect(site.pageCache.isCached("/en/welcome")).toBe(true);
      const gzipped = await raw("GET", "gzip");
      expect(gunzipSync(gzipped.body).equals(identity.body)).toBe(true);
      // A client taking no compression: Node's fast path declines, the page cache's middleware decompresses.
      const again = await raw("GET");
      expect(again.body.equals(identity.body)).toBe(true);
      expect(Buffer.from(await (await get("/en/welcome")).arrayBuffer()).equals(identity.body)).toBe(true);
      expect([again.headers.etag, again.headers["content-length"], again.headers["content-encoding"]]).toEqual([
        identity.headers.etag,
        String(identity.body.length),
        undefined,
      ]);
      const head = await raw("HEAD");
      expect([head.status, head.headers["content-length"], head.body.length]).toEqual([
        200,
        String(identity.body.length),
        0,
      ]);
      expect((await raw("GET", "br, gzip")).headers["content-encoding"]).toBe("gzip");
      await vi.waitFor(async () => expect((await raw("GET", "br, gzip")).headers["content-encoding"]).toBe("br"));
      expect(brotliDecompressSync((await raw("GET", "br")).body).equals(identity.body)).toBe(true);
    } finally {
      site.pageCache.responses.invalidate(["filler"]);
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("keys cached pages on the query parameters they read only", async () => {
    await get("/en/welcome");
    const { entries } = site.pageCache.responses.size;
    for (const query of ["?utm_source=x", "?page=7", "?a=1&b=2", `?junk=${"y".repeat(500)}`]) {
      expect(site.pageCache.isCached(`/en/welcome${query}`), query).toBe(true);
      expect((await get(`/en/welcome${query}`)).status).toBe(200);
    }
    expect(site.pageCache.responses.size.entries).toBe(entries);
    await get("/en/articles?page=2");
    expect(site.pageCache.isCached("/en/articles?utm_campaign=z&page=2")).toBe(true);
    expect(site.pageCache.isCached("/en/articles?page=3")).toBe(false);
  });

  it("never shares a CSP nonce between responses of a cached page", async () => {
    const policies: string[] = [];
    let html = "";
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await get("/fr/bienvenue");
      policies.push(response.headers.get("content-security-policy")!);
      html = await response.text();
    }
    expect(site.pageCache.isCached("/fr/bienvenue")).toBe(true);
    for (const policy of policies) {
      expect(policy).not.toContain("'nonce-");
      expect(policy).not.toContain("unsafe-inline'; script");
    }
    // Every inline script of the cached page is allowed by its hash, and only those.
    const scripts = [...html.matchAll(/<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map(
      (match) => match[1]!,
    );
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts)
      expect(policies[0]).toContain(`'sha256-${createHash("sha256").update(script).digest("base64")}'`);
    // Signed-in visitors get a fresh render, each with its own nonce.
    const signedIn = [
      await get("/fr/bienvenue", { cookie: adminCookie }),
      await get("/fr/bienvenue", { cookie: adminCookie }),
    ].map((response) => /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1]);
    expect(signedIn[0]).toBeTruthy();
    expect(signedIn[0]).not.toBe(signedIn[1]);
  });
});
