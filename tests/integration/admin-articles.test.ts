import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminArticle } from "#core/admin/articles/schema.ts";
import {
  adminApiCaller,
  currentPreconditions,
  DATABASE_KINDS,
  fullSitemap,
  expectAdminGateRefuses,
  signedInCookie,
  startTestApp,
  withVersionTags,
  writingFromCurrentState,
  xsrfHeaders,
  type AdminApiCall,
  type ApiReply,
  type Visitor,
} from "./support.ts";

type TestApp = Awaited<ReturnType<typeof startTestApp>>;

type ReplyJson = {
  article?: AdminArticle;
  articles?: AdminArticle[];
  error?: { code: string; message: string; field?: string };
};
type Reply = ApiReply<ReplyJson>;

const version = (overrides: Record<string, unknown> = {}) => ({
  title: "Working in three languages",
  summary: "What a day looks like.",
  body: "# Hello\n\nSome **Markdown**.",
  coverAlt: "",
  status: "draft",
  ...overrides,
});

describe.each(DATABASE_KINDS)("admin articles API on %s", (kind) => {
  let testApp: TestApp;
  let xsrf: Awaited<ReturnType<typeof xsrfHeaders>>;
  const sessions: Record<Visitor, string> = { admin: "", user: "", anonymous: "" };
  let call: AdminApiCall<ReplyJson>;
  let adminUid = "";

  beforeAll(async () => {
    testApp = await startTestApp(kind);
    xsrf = await xsrfHeaders(testApp.app);
    adminUid = `articles-admin-${kind}`;
    sessions.admin = await signedInCookie(testApp.services, {
      uid: adminUid,
      email: "articles-admin@example.com",
      isAdmin: true,
    });
    sessions.user = await signedInCookie(testApp.services, { email: "reader@example.com" });
    const raw = adminApiCaller<ReplyJson>(testApp.app, "/api/admin/articles", sessions, xsrf);
    // Versions and the article's fields written from their state now (decision 0151); stale copies are tested in conditional-writes.test.ts and version-drafts.test.ts.
    call = withVersionTags(
      writingFromCurrentState(raw, (method, path, as) =>
        /^\/[^/]+$/.test(path) && (method === "PATCH" || method === "DELETE")
          ? currentPreconditions(raw, path, as)
          : Promise.resolve(null),
      ),
    );
  });
  afterAll(() => testApp.close());

  const db = () => testApp.services.database.db;

  /** Everything an articles write may touch, to prove a refused request changed nothing. */
  async function storedState() {
    const blogs = await db().selectFrom("articles").selectAll().orderBy("id").execute();
    const versions = await db().selectFrom("article_versions").selectAll().orderBy("id").execute();
    const audit = await db().selectFrom("audit_log").select("id").execute();
    return { blogs, versions, auditCount: audit.length, contentVersion: testApp.services.content.current().version };
  }

  async function expectRefused(request: () => Promise<Reply>, status: number, field: string) {
    const before = await storedState();
    const reply = await request();
    expect(reply.status, JSON.stringify(reply.json)).toBe(status);
    expect(reply.json?.error?.field).toBe(field);
    expect(reply.json?.error?.message).toMatch(new RegExp(`^${field.replace(".", "\\.")}: `));
    expect(await storedState()).toEqual(before);
  }

  const latestAudit = () => db().selectFrom("audit_log").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();

  async function createArticle(
    body: Record<string, unknown> = { author: "Ada Writer", tags: [] },
  ): Promise<AdminArticle> {
    const reply = await call("POST", "", { body });
    expect(reply.status, JSON.stringify(reply.json)).toBe(201);
    return reply.json!.article!;
  }

  async function publicState() {
    const blogs = (await (await testApp.app.request("/init/file/blogs")).json()) as {
      data: { documents: { id: string; data: { versions: Record<string, { slug: string; title: string }> } }[] };
    };
    const sitemap = await fullSitemap(testApp.app);
    return { blogs: blogs.data.documents, sitemap };
  }

  describe("the admin gate", () => {
    const endpoints: [string, string, unknown?][] = [
      ["GET", ""],
      ["GET", "?language=en-US&status=published"],
      ["POST", "", { author: "Intruder", tags: [] }],
      ["GET", "/1"],
      ["PATCH", "/1", { author: "Intruder" }],
      ["DELETE", "/1"],
      ["PUT", "/1/versions/en-US", version({ title: "Hijacked" })],
      ["DELETE", "/1/versions/en-US"],
    ];
    it.each(endpoints)(
      "%s %s answers 401 to an anonymous visitor and 403 to a non-admin, changing nothing",
      async (method, path, body) => {
        await expectAdminGateRefuses(call, method, path, body, storedState);
      },
    );
  });

  describe("GET /", () => {
    it("lists every article with a summary of each version, without bodies", async () => {
      const reply = await call("GET", "");
      expect(reply.status).toBe(200);
      const articles = reply.json!.articles!;
      expect(articles.length).toBeGreaterThanOrEqual(9);
      const seven = articles.find((article) => article.key === "one-story-seven-languages")!;
      expect(seven.versions.map((entry) => entry.code).sort()).toEqual([
        "ar",
        "de-DE",
        "en-US",
        "es-ES",
        "fr-FR",
        "ja-JP",
        "pt-BR",
      ]);
      expect(seven.versions[0]).toEqual({
        code: expect.any(String),
        slug: expect.any(String),
        title: expect.any(String),
        status: "published",
        publishedAt: expect.any(String),
        updatedAt: expect.any(String),
        baseRevision: 1,
        translation: "current",
        pendingChanges: false,
      });
      expect(seven).toMatchObject({ id: expect.any(Number), author: expect.any(String), tags: expect.any(Array) });
    });

    it("filters by language and by status", async () => {
      const french = (await call("GET", "?language=fr-FR")).json!.articles!;
      expect(french.length).toBeGreaterThan(0);
      expect(french.every((article) => article.versions.some((entry) => entry.code === "fr-FR"))).toBe(true);
      const all = (await call("GET", "")).json!.articles!;
      expect(french.length).toBeLessThan(all.length);

      const draft = await createArticle({ author: "Filter Test", tags: [] });
      await call("PUT", `/${draft.id}/versions/de-DE`, { body: version({ title: "Entwurf für den Filter" }) });
      const germanDrafts = (await call("GET", "?language=de-DE&status=draft")).json!.articles!;
      expect(germanDrafts.map((article) => article.id)).toEqual([draft.id]);
      const frenchDrafts = (await call("GET", "?language=fr-FR&status=draft")).json!.articles!;
      expect(frenchDrafts).toEqual([]);
      expect((await call("GET", "?language=&status=")).json!.articles!.length).toBe(all.length + 1);
    });

    it.each([
      ["?language=xx-XX", "language"],
      ["?status=live", "status"],
      ["?status=draft&status=published", "status"],
      [`?language=${"a".repeat(40)}`, "language"],
    ])("refuses %s with a 400 naming %s", async (query, field) => {
      await expectRefused(() => call("GET", query), 400, field);
    });
  });

  describe("POST / and PATCH /:id", () => {
    it("creates an article with a generated key, normalised tags, and an audit entry", async () => {
      const article = await createArticle({
        author: "  Grace Editor ",
        cover: "/covers/x.webp",
        tags: ["m1805", "careers", "M1805", "métiers"],
      });
      expect(article).toMatchObject({
        author: "Grace Editor",
        cover: "/covers/x.webp",
        tags: ["M1805", "careers", "métiers"],
        versions: [],
      });
      expect(article.key).toMatch(/^article-[0-9a-f]{8}$/);
      const audit = await latestAudit();
      expect(audit).toMatchObject({
        uid: adminUid,
        action: "create",
        entity: "article",
        entity_id: String(article.id),
        before: null,
      });
      expect(JSON.parse(audit.after!)).toMatchObject({ key: article.key, tags: ["M1805", "careers", "métiers"] });
      expect((await call("GET", `/${article.id}`)).json!.article).toEqual(article);
    });

    it("accepts an explicit key and an https cover, and refuses a key already in use (409)", async () => {
      const article = await createArticle({
        key: "explicit-key",
        author: "A",
        cover: "https://images.example.com/a.webp",
        tags: [],
      });
      expect(article.key).toBe("explicit-key");
      await expectRefused(() => call("POST", "", { body: { key: "explicit-key", author: "B", tags: [] } }), 409, "key");
      await expectRefused(() => call("PATCH", `/1`, { body: { key: "explicit-key" } }), 409, "key");
    });

    const badCreates: [string, unknown, string][] = [
      ["no author", { tags: [] }, "author"],
      ["an empty author", { author: "   ", tags: [] }, "author"],
      ["a 121-character author", { author: "x".repeat(121), tags: [] }, "author"],
      ["a protocol-relative cover", { author: "A", cover: "//evil.example/x.png", tags: [] }, "cover"],
      ["a javascript: cover", { author: "A", cover: "javascript:alert(1)", tags: [] }, "cover"],
      ["an http cover", { author: "A", cover: "http://example.com/x.png", tags: [] }, "cover"],
      ["a relative cover", { author: "A", cover: "covers/x.png", tags: [] }, "cover"],
      ["a cover with a space", { author: "A", cover: "/covers/my photo.png", tags: [] }, "cover"],
      ["21 tags", { author: "A", tags: Array.from({ length: 21 }, (_, index) => `tag${index}`) }, "tags"],
      ["a tag starting with a hyphen", { author: "A", tags: ["ok", "-bad"] }, "tags.1"],
      ["a tag with a space", { author: "A", tags: ["two words"] }, "tags.0"],
      ["a 42-character tag", { author: "A", tags: ["x".repeat(42)] }, "tags.0"],
      ["a tag that is not text", { author: "A", tags: [5] }, "tags.0"],
      ["an uppercase key", { key: "Bad-Key", author: "A", tags: [] }, "key"],
      ["an unknown field", { author: "A", tags: [], published: true }, "body"],
    ];
    it.each(badCreates)(
      "refuses to create an article with %s (400 naming %s, nothing stored)",
      async (_case, body, field) => {
        await expectRefused(() => call("POST", "", { body }), 400, field);
      },
    );

    it("refuses a body that is not JSON, or not declared as JSON", async () => {
      const before = await storedState();
      expect((await call("POST", "", { raw: "{author:", contentType: "application/json" })).status).toBe(400);
      expect((await call("POST", "", { raw: '{"author":"A","tags":[]}', contentType: "text/plain" })).status).toBe(415);
      expect(await storedState()).toEqual(before);
    });

    it("edits the meta data and records before and after", async () => {
      const article = await createArticle({ author: "Before", tags: ["old"] });
      const reply = await call("PATCH", `/${article.id}`, {
        body: { author: "After", tags: ["a1101", "new"], cover: "" },
      });
      expect(reply.status).toBe(200);
      expect(reply.json!.article).toMatchObject({
        id: article.id,
        author: "After",
        tags: ["A1101", "new"],
        cover: null,
        key: article.key,
      });
      const audit = await latestAudit();
      expect(audit).toMatchObject({ action: "update", entity: "article", entity_id: String(article.id) });
      expect(JSON.parse(audit.before!)).toMatchObject({ author: "Before", tags: ["old"] });
      expect(JSON.parse(audit.after!)).toMatchObject({ author: "After", tags: ["A1101", "new"] });
    });

    it("refuses an empty change, a bad id and an unknown article", async () => {
      await expectRefused(() => call("PATCH", "/1", { body: {} }), 400, "body");
      await expectRefused(() => call("PATCH", "/1", { body: { cover: "ftp://x" } }), 400, "cover");
      await expectRefused(() => call("PATCH", "/abc", { body: { author: "A" } }), 400, "id");
      await expectRefused(() => call("PATCH", "/999999", { body: { author: "A" } }), 404, "id");
      await expectRefused(() => call("GET", "/0"), 400, "id");
      await expectRefused(() => call("GET", "/99999999999"), 400, "id");
      await expectRefused(() => call("GET", "/999999"), 404, "id");
    });
  });

  describe("PUT /:id/versions/:code", () => {
    it("saves a draft that the public site does not show, then publishes it everywhere at once", async () => {
      const article = await createArticle({ author: "Publisher", tags: ["M1805"] });
      const draft = await call("PUT", `/${article.id}/versions/en-US`, {
        body: version({ title: "Draft Day: Ça commence" }),
      });
      expect(draft.status).toBe(201);
      const saved = draft.json!.article!.versions[0]!;
      expect(saved).toMatchObject({ code: "en-US", slug: "draft-day-ca-commence", status: "draft", publishedAt: null });

      const hidden = await publicState();
      expect(await testApp.services.content.articles.published(article.id)).toBeNull();
      expect(hidden.blogs.some((document) => document.id === String(article.id))).toBe(false);
      expect(hidden.sitemap).not.toContain("draft-day-ca-commence");

      const published = await call("PUT", `/${article.id}/versions/en-US`, {
        body: version({ title: "Draft Day: Ça commence", status: "published" }),
      });
      expect(published.status).toBe(200);
      const live = published.json!.article!.versions[0]!;
      expect(live.status).toBe("published");
      expect(live.publishedAt).toEqual(expect.any(String));

      const snapshotArticle = await testApp.services.content.articles.published(article.id);
      expect(snapshotArticle?.versions.get("en-US")?.html).toContain("<strong>Markdown</strong>");
      const shown = await publicState();
      expect(shown.blogs.find((document) => document.id === String(article.id))?.data.versions["en-US"]?.slug).toBe(
        "draft-day-ca-commence",
      );
      expect(shown.sitemap).toContain(`/en/articles/${article.id}/draft-day-ca-commence`);

      // A draft saved over the live version stays beside it: the public site keeps the live text (decision 0150).
      const pending = await call("PUT", `/${article.id}/versions/en-US`, {
        body: version({ title: "Draft Day: Ça commence encore" }),
      });
      expect(pending.json!.article!.versions[0]).toMatchObject({
        status: "published",
        title: "Draft Day: Ça commence",
      });
      expect((await publicState()).sitemap).toContain("draft-day-ca-commence");
      // Unpublishing, its own action: gone from the public site, the pending text kept as the working text, the first publication date kept.
      const unpublished = await call("POST", `/${article.id}/versions/en-US/unpublish`);
      expect(unpublished.status).toBe(200);
      expect((await call("GET", `/${article.id}`)).json!.article!.versions[0]).toMatchObject({
        status: "draft",
        title: "Draft Day: Ça commence encore",
        publishedAt: live.publishedAt,
      });
      expect((await publicState()).sitemap).not.toContain("draft-day-ca-commence");
      const again = await call("PUT", `/${article.id}/versions/en-US`, {
        body: version({ title: "Draft Day: Ça commence", status: "published" }),
      });
      expect(again.json!.article!.versions[0]!.publishedAt).toBe(live.publishedAt);

      const audit = await latestAudit();
      expect(audit).toMatchObject({
        uid: adminUid,
        action: "update",
        entity: "article_version",
        entity_id: `${article.id}:en-US`,
      });
      expect(JSON.parse(audit.before!)).toMatchObject({ status: "draft" });
      expect(JSON.parse(audit.after!)).toMatchObject({ status: "published" });
    });

    it("keeps an edited slug, and keeps slugs unique per language (409 naming slug)", async () => {
      const first = await createArticle();
      const second = await createArticle();
      const custom = await call("PUT", `/${first.id}/versions/fr-FR`, {
        body: version({ title: "Le même titre", slug: "mon-slug-a-moi" }),
      });
      expect(custom.json!.article!.versions[0]!.slug).toBe("mon-slug-a-moi");
      await call("PUT", `/${first.id}/versions/es-ES`, { body: version({ title: "El mismo título" }) });

      await expectRefused(
        () => call("PUT", `/${second.id}/versions/fr-FR`, { body: version({ title: "x", slug: "mon-slug-a-moi" }) }),
        409,
        "slug",
      );
      await expectRefused(
        () => call("PUT", `/${second.id}/versions/es-ES`, { body: version({ title: "El mismo título" }) }),
        409,
        "slug",
      );
      // The same slug in another language is fine.
      const otherLanguage = await call("PUT", `/${second.id}/versions/pt-BR`, {
        body: version({ title: "x", slug: "mon-slug-a-moi" }),
      });
      expect(otherLanguage.status).toBe(201);
      // Re-saving a version with its own slug is not a conflict.
      expect(
        (
          await call("PUT", `/${first.id}/versions/fr-FR`, {
            body: version({ title: "Autre titre", slug: "mon-slug-a-moi" }),
          })
        ).status,
      ).toBe(200);
    });

    it("accepts a body of exactly 200 000 characters", async () => {
      const article = await createArticle();
      const reply = await call("PUT", `/${article.id}/versions/ja-JP`, {
        body: version({ title: "長い記事", body: "語".repeat(200_000) }),
      });
      expect(reply.status).toBe(201);
      expect(reply.json!.article!.versions[0]!.body).toHaveLength(200_000);
    });

    const badVersions: [string, Record<string, unknown>, string][] = [
      ["no title", { title: undefined }, "title"],
      ["a blank title", { title: "   " }, "title"],
      ["a 201-character title", { title: "t".repeat(201) }, "title"],
      ["a 501-character summary", { summary: "s".repeat(501) }, "summary"],
      ["a 200 001-character body", { body: "b".repeat(200_001) }, "body"],
      ["no body", { body: undefined }, "body"],
      ["a 501-character cover text", { coverAlt: "a".repeat(501) }, "coverAlt"],
      ["an unknown status", { status: "live" }, "status"],
      ["a slug with capitals and spaces", { slug: "Not A Slug" }, "slug"],
      ["a slug with a double hyphen", { slug: "a--b" }, "slug"],
      ["an unknown field", { author: "x" }, "body"],
    ];
    it.each(badVersions)(
      "refuses a version with %s (400 naming %s, nothing stored)",
      async (_case, overrides, field) => {
        await expectRefused(() => call("PUT", "/1/versions/en-US", { body: version(overrides) }), 400, field);
      },
    );

    it("refuses an unknown language (400), an unknown article (404) and a bad id (400)", async () => {
      await expectRefused(() => call("PUT", "/1/versions/xx-XX", { body: version() }), 400, "code");
      await expectRefused(() => call("PUT", "/999999/versions/en-US", { body: version() }), 404, "id");
      await expectRefused(() => call("PUT", "/one/versions/en-US", { body: version() }), 400, "id");
    });

    it("renders script attempts in the body inert", async () => {
      const article = await createArticle();
      const body = [
        "<script>alert('owned')</script>",
        "[click me](javascript:alert(1))",
        '<img src="x" onerror="alert(1)">',
        "![pic](javascript:alert(1))",
        '<a href="javascript:alert(1)">raw link</a>',
      ].join("\n\n");
      await call("PUT", `/${article.id}/versions/en-US`, {
        body: version({ title: "Attempted injection", body, status: "published" }),
      });
      const html = (await testApp.services.content.articles.published(article.id, { htmlIn: "en-US" }))!.versions.get(
        "en-US",
      )!.html!;
      // Every tag in the output is a paragraph: the attempts are shown as text, never as elements or attributes.
      expect(new Set(html.match(/<\/?[a-z][^>]*>/gi))).toEqual(new Set(["<p>", "</p>"]));
      expect(html).toContain("&lt;script&gt;");
      expect(html).toContain("[click me](javascript:alert(1))");
    });
  });

  describe("DELETE", () => {
    it("deletes a version, then the whole article, taking them off the public site", async () => {
      const article = await createArticle();
      await call("PUT", `/${article.id}/versions/en-US`, {
        body: version({ title: "Short lived", status: "published" }),
      });
      await call("PUT", `/${article.id}/versions/fr-FR`, { body: version({ title: "Éphémère", status: "published" }) });
      expect((await publicState()).sitemap).toContain(`/${article.id}/short-lived`);

      expect((await call("DELETE", `/${article.id}/versions/en-US`)).status).toBe(204);
      expect((await publicState()).sitemap).not.toContain(`/${article.id}/short-lived`);
      expect((await publicState()).sitemap).toContain(`/${article.id}/ephemere`);
      const audit = await latestAudit();
      expect(audit).toMatchObject({
        action: "delete",
        entity: "article_version",
        entity_id: `${article.id}:en-US`,
        after: null,
      });
      expect(JSON.parse(audit.before!)).toMatchObject({ title: "Short lived" });
      await expectRefused(() => call("DELETE", `/${article.id}/versions/en-US`), 404, "code");

      expect((await call("DELETE", `/${article.id}`)).status).toBe(204);
      expect((await call("GET", `/${article.id}`)).status).toBe(404);
      expect(
        await db().selectFrom("article_versions").select("id").where("article_id", "=", article.id).execute(),
      ).toEqual([]);
      expect((await publicState()).sitemap).not.toContain(`/${article.id}/ephemere`);
      expect(await testApp.services.content.articles.published(article.id)).toBeNull();
      expect(JSON.parse((await latestAudit()).before!)).toMatchObject({
        id: article.id,
        versions: [{ code: "fr-FR" }],
      });
      await expectRefused(() => call("DELETE", `/${article.id}`), 404, "id");
    });

    it("refuses a bad id or language code", async () => {
      await expectRefused(() => call("DELETE", "/-1"), 400, "id");
      await expectRefused(() => call("DELETE", "/1/versions/zz"), 404, "code");
    });
  });
});
