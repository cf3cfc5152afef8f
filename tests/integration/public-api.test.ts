import { afterAll, beforeAll, describe, expect, it } from "vitest";
import translations from "#server/seed/translations.json" with { type: "json" };
import { DATABASE_KINDS, fullSitemap, startTestApp, xsrfHeaders } from "./support.ts";

type TestApp = Awaited<ReturnType<typeof startTestApp>>;

describe.each(DATABASE_KINDS)("public API and seed on %s", (kind) => {
  let testApp: TestApp;
  let xsrf: Awaited<ReturnType<typeof xsrfHeaders>>;

  beforeAll(async () => {
    testApp = await startTestApp(kind);
    xsrf = await xsrfHeaders(testApp.app);
  });
  afterAll(() => testApp.close());

  const eventCount = async () =>
    Number(
      (
        await testApp.services.database.db
          .selectFrom("analytics_events")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe("seed", () => {
    it("has exactly the languages of docs/product.md §3, favorite English, Chinese disabled", async () => {
      const languages = testApp.services.content.current().languages;
      expect(languages.map((language) => language.shortCode).sort()).toEqual([
        "ar",
        "de",
        "en",
        "es",
        "fr",
        "ja",
        "pt",
        "zh",
      ]);
      expect(languages.filter((language) => language.favorite).map((language) => language.code)).toEqual(["en-US"]);
      expect(languages.find((language) => language.code === "zh-CN")?.enabled).toBe(false);
      expect(languages.find((language) => language.code === "ar")?.dir).toBe("rtl");
    });

    it("names the sections in every enabled language", () => {
      const snapshot = testApp.services.content.current();
      expect(snapshot.sectionNames.get("fr-FR")).toEqual(
        expect.arrayContaining([
          { section: "JOBS", label: "métiers", search: "metiers" },
          { section: "ARTICLES", label: "articles", search: "blog" },
        ]),
      );
      expect(snapshot.sectionNames.get("ar")?.find((name) => name.section === "ARTICLES")?.label).toBe("مقالات");
    });

    it("has every UI string in every enabled language", () => {
      const snapshot = testApp.services.content.current();
      const keys = Object.keys(translations);
      for (const language of snapshot.languages.filter((candidate) => candidate.enabled)) {
        const strings = snapshot.translations.get(language.code);
        const missing = keys.filter((key) => !strings?.has(key));
        expect(missing, `missing in ${language.code}`).toEqual([]);
      }
    });

    it("has the 532 ROME codes in 14 domaines and real articles, some translated and some not", async () => {
      const snapshot = testApp.services.content.current();
      expect(snapshot.jobs).toHaveLength(532);
      expect(snapshot.domains).toHaveLength(14);
      const blogs = (await (await testApp.app.request("/init/file/blogs")).json()) as {
        data: { documents: { data: { versions: object } }[] };
      };
      const articles = blogs.data.documents.map((document) => Object.keys(document.data.versions).length);
      expect(articles.length).toBeGreaterThanOrEqual(6);
      expect(articles.filter((versions) => versions >= 3).length).toBeGreaterThanOrEqual(3);
      expect(articles.filter((versions) => versions === 1).length).toBeGreaterThanOrEqual(2);
    });
  });

  describe("GET /init/file/{name}", () => {
    it("returns the published languages as data.documents with an ETag, and 304 when unchanged", async () => {
      const response = await testApp.app.request("/init/file/languages");
      expect(response.status).toBe(200);
      const body = (await response.json()) as { data: { documents: { id: string; data: Record<string, unknown> }[] } };
      expect(body.data.documents).toHaveLength(7);
      expect(body.data.documents[0]).toMatchObject({
        id: expect.any(String),
        data: { code: expect.any(String), short_code: expect.any(String) },
      });
      const etag = response.headers.get("etag");
      expect(etag).toBeTruthy();
      const again = await testApp.app.request("/init/file/languages", { headers: { "if-none-match": etag! } });
      expect(again.status).toBe(304);
    });

    it("returns translations and published blogs", async () => {
      const translates = (await (await testApp.app.request("/init/file/translates")).json()) as {
        data: { documents: { data: { code_component: string } }[] };
      };
      expect(translates.data.documents.some((document) => document.data.code_component === "JOBS")).toBe(true);
      const blogs = (await (await testApp.app.request("/init/file/blogs")).json()) as {
        data: { documents: { data: { versions: object } }[] };
      };
      expect(blogs.data.documents.length).toBeGreaterThanOrEqual(6);
    });

    it.each(["users", "codes_romes", "..%2F..%2Fpackage.json", "LANGUAGES"])(
      "answers 404 JSON for %s",
      async (name) => {
        const response = await testApp.app.request(`/init/file/${name}`);
        expect(response.status).toBe(404);
        expect(await response.json()).toMatchObject({ error: { code: "not_found", message: expect.any(String) } });
      },
    );
  });

  describe("POST /api/analytics/events", () => {
    const post = (body: string, headers: Record<string, string> = {}) =>
      testApp.app.request("/api/analytics/events", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          cookie: xsrf.cookie,
          "x-xsrf-token": xsrf["x-xsrf-token"],
          ...headers,
        },
        body,
      });

    it("stores a language switch event", async () => {
      const before = await eventCount();
      const response = await post(JSON.stringify({ name: "lang_3" }));
      expect(response.status).toBe(201);
      expect(await eventCount()).toBe(before + 1);
    });

    it("refuses a request without the matching XSRF header with 403", async () => {
      const before = await eventCount();
      const response = await post(JSON.stringify({ name: "lang_3" }), { "x-xsrf-token": "forged" });
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ error: { code: "xsrf_mismatch" } });
      expect(await eventCount()).toBe(before);
    });

    it.each([
      ["malformed JSON", "{", {}, 400, "malformed_json"],
      ["an unknown event name", JSON.stringify({ name: "drop table" }), {}, 400, "invalid_field"],
      ["an extra field", JSON.stringify({ name: "lang_1", admin: true }), {}, 400, "invalid_field"],
      ["a non-JSON content type", "name=lang_1", { "content-type": "text/plain" }, 415, "unsupported_media_type"],
      [
        "an oversized body",
        JSON.stringify({ name: "lang_1", path: `/${"x".repeat(70_000)}` }),
        {},
        413,
        "payload_too_large",
      ],
    ])("refuses %s without storing anything", async (_case, body, headers, status, code) => {
      const before = await eventCount();
      const response = await post(body, headers);
      expect(response.status).toBe(status);
      expect(await response.json()).toMatchObject({ error: { code } });
      expect(await eventCount()).toBe(before);
    });

    it("names the invalid field", async () => {
      const response = await post(JSON.stringify({ name: "page_view", path: "no-slash" }));
      expect(await response.json()).toMatchObject({ error: { field: "path" } });
    });
  });

  describe("bad addresses and health", () => {
    it.each(["/%E0%A4%A", "/en/%", "/en/wel%00come", `/${"a".repeat(3000)}`, "/api/x?q=%ZZ"])(
      "answers 400 for %s",
      async (path) => {
        const response = await testApp.app.request(path, { headers: { accept: "application/json" } });
        expect(response.status).toBe(400);
        expect(await response.json()).toMatchObject({ error: { code: "bad_request" } });
      },
    );

    it("reports readiness with the database dialect", async () => {
      const response = await testApp.app.request("/readyz");
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ status: "ready", database: kind });
    });

    it("serves robots.txt and a sitemap of every language with alternates", async () => {
      expect(await (await testApp.app.request("/robots.txt")).text()).toContain(
        "Sitemap: http://localhost:3000/sitemap.xml",
      );
      const sitemap = await fullSitemap(testApp.app);
      for (const path of [
        "/en/welcome",
        "/fr/bienvenue",
        "/ar/%D9%85%D8%B1%D8%AD%D8%A8%D8%A7",
        "/fr/m%C3%A9tiers/a1101/",
      ]) {
        expect(sitemap).toContain(`http://localhost:3000${path}`);
      }
      expect(sitemap).toContain('hreflang="x-default"');
      expect(sitemap).not.toContain("/zh/");
    });

    it("sends security headers", async () => {
      const response = await testApp.app.request("/healthz");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(response.headers.get("set-cookie")).toMatch(/XSRF-TOKEN=[^;]+; Path=\//);
    });
  });
});
