/**
 * Issue 12 items 1–3 on both databases: revisions (save, import, restore, bounded),
 * publish/unpublish and schedules applied exactly once by several instances and
 * after a restart, and signed draft-preview links on the built site.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminArticle } from "#core/admin/articles/schema.ts";
import type {
  PreviewLink,
  RevisionComparison,
  RevisionSummary,
  VersionPublishing,
} from "#core/admin/publishing/schema.ts";
import { applyDueSchedules, SCHEDULER_ACTOR } from "#server/admin/publishing/service.ts";
import { startScheduler } from "#server/admin/publishing/scheduler.ts";
import type { ContentChange } from "#server/content/changes.ts";
import { importArticles } from "#server/content/ndjson.ts";
import { previewToken, resolvePreviewToken } from "#server/content/preview.ts";
import type { AppServices } from "#server/content/context.ts";
import type { HttpEnv } from "#server/http/env.ts";
import { createLogger } from "#server/base/log.ts";
import { createServices } from "#server/services.ts";
import {
  adminApiCaller,
  DATABASE_KINDS,
  signedInCookie,
  startTestApp,
  testConfig,
  xsrfHeaders,
  type AdminApiCall,
  type Visitor,
  withVersionTags,
} from "./support.ts";

const { createSite } = (await import(new URL("../../build/server/index.js", import.meta.url).href)) as {
  createSite: (services: AppServices) => { app: Hono<HttpEnv> };
};

type Json = {
  article?: AdminArticle;
  revisions?: RevisionSummary[];
  comparison?: RevisionComparison;
  publishing?: VersionPublishing;
  preview?: PreviewLink;
  error?: { code: string; message: string; field?: string };
};

const ENV = { REVISIONS_PER_VERSION: "3", PREVIEW_SECRET: "p".repeat(40) };
const HOUR = 3_600_000;

const version = (overrides: Record<string, unknown> = {}) => ({
  title: "Scheduled story",
  summary: "A summary.",
  body: "First paragraph.",
  coverAlt: "",
  status: "draft",
  ...overrides,
});

describe.each(DATABASE_KINDS)("publishing on %s", (kind) => {
  let testApp: Awaited<ReturnType<typeof startTestApp>>;
  let site: { app: Hono<HttpEnv> };
  let call: AdminApiCall<Json>;
  const sessions: Record<Visitor, string> = { admin: "", user: "", anonymous: "" };

  beforeAll(async () => {
    testApp = await startTestApp(kind, { env: ENV });
    site = createSite(testApp.services);
    sessions.admin = await signedInCookie(testApp.services, {
      uid: `publisher-${kind}`,
      email: "publisher@example.com",
      displayName: "Pat Publisher",
      isAdmin: true,
    });
    sessions.user = await signedInCookie(testApp.services, { email: "reader@example.com" });
    call = withVersionTags(
      adminApiCaller<Json>(testApp.app, "/api/admin/articles", sessions, await xsrfHeaders(testApp.app)),
    );
  });
  afterAll(() => testApp.close());

  const db = () => testApp.services.database.db;

  async function newArticle(
    status = "draft",
    title = `Story ${Math.random().toString(36).slice(2, 8)}`,
  ): Promise<AdminArticle> {
    const created = await call("POST", "", { body: { author: "Ada", tags: [] } });
    const saved = await call("PUT", `/${created.json!.article!.id}/versions/en-US`, {
      body: version({ title, status }),
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(201);
    return saved.json!.article!;
  }

  const revisions = async (id: number) => (await call("GET", `/${id}/versions/en-US/revisions`)).json!.revisions!;
  const page = (path: string, headers: Record<string, string> = {}) =>
    site.app.request(path, { headers: { accept: "text/html", ...headers } });
  const articlePath = (article: AdminArticle) => `/en/articles/${article.id}/${article.versions[0]!.slug}`;

  describe("revisions", () => {
    it("keeps one per save, newest first, with who and what, bounded by REVISIONS_PER_VERSION in the same write", async () => {
      const article = await newArticle("draft", "Draft one");
      for (const title of ["Draft two", "Draft three", "Draft four"]) {
        expect((await call("PUT", `/${article.id}/versions/en-US`, { body: version({ title }) })).status).toBe(200);
      }
      const kept = await revisions(article.id);
      expect(kept.map((revision) => revision.title)).toEqual(["Draft four", "Draft three", "Draft two"]);
      expect(kept[0]).toMatchObject({ action: "save", uid: `publisher-${kind}`, by: "Pat Publisher", status: "draft" });
      const stored = await db()
        .selectFrom("article_revisions")
        .select("id")
        .where("article_id", "=", article.id)
        .execute();
      expect(stored).toHaveLength(3);
    });

    it("compares any two revisions field by field, either way round", async () => {
      const article = await newArticle("draft", "Seven languages");
      await call("PUT", `/${article.id}/versions/en-US`, {
        body: version({ title: "Eight languages", body: "First paragraph.\nAnother line." }),
      });
      const [newer, older] = await revisions(article.id);
      const reply = await call(
        "GET",
        `/${article.id}/versions/en-US/revisions/compare?from=${older!.id}&to=${newer!.id}`,
      );
      expect(reply.status).toBe(200);
      const title = reply.json!.comparison!.fields.find((field) => field.field === "title")!;
      expect(title.parts).toEqual([
        { value: "Seven", change: "removed" },
        { value: "Eight", change: "added" },
        { value: " languages", change: "same" },
      ]);
      const backwards = await call(
        "GET",
        `/${article.id}/versions/en-US/revisions/compare?from=${newer!.id}&to=${older!.id}`,
      );
      expect(backwards.json!.comparison!.fields.find((field) => field.field === "title")!.parts[0]).toEqual({
        value: "Eight",
        change: "removed",
      });
    });

    it("restores a revision as a new, audited revision, keeping the version's status", async () => {
      const article = await newArticle("published", "Original words");
      await call("PUT", `/${article.id}/versions/en-US`, {
        body: version({ title: "Rewritten words", body: "Changed.", status: "published" }),
      });
      const original = (await revisions(article.id)).find((revision) => revision.title === "Original words")!;
      await call("POST", `/${article.id}/versions/en-US/unpublish`);
      const reply = await call("POST", `/${article.id}/versions/en-US/revisions/${original.id}/restore`);
      expect(reply.status, JSON.stringify(reply.json)).toBe(200);
      expect(reply.json!.article!.versions[0]).toMatchObject({
        title: "Original words",
        body: "First paragraph.",
        status: "draft",
      });
      const [latest] = await revisions(article.id);
      // Three revisions are kept here: the restored one (#1) is gone from History, so it is named by id only.
      expect(latest).toMatchObject({
        action: "restore",
        restoredFrom: original.id,
        restoredFromNumber: null,
        title: "Original words",
        status: "draft",
      });
      const audit = await db().selectFrom("audit_log").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
      expect(audit).toMatchObject({
        action: "restore",
        entity: "article_version",
        entity_id: `${article.id}:en-US`,
        uid: `publisher-${kind}`,
      });
      // One still kept is named by its number in History.
      const rewritten = (await revisions(article.id)).find((revision) => revision.title === "Rewritten words")!;
      expect((await call("POST", `/${article.id}/versions/en-US/revisions/${rewritten.id}/restore`)).status).toBe(200);
      expect((await revisions(article.id))[0]).toMatchObject({
        action: "restore",
        restoredFrom: rewritten.id,
        restoredFromNumber: rewritten.number,
      });
    });

    it("records import revisions through the content CLI's write path, bounded too", async () => {
      const dir = mkdtempSync(join(tmpdir(), "pp-import-"));
      try {
        const file = join(dir, "articles.ndjson");
        const line = (title: string) =>
          JSON.stringify({
            key: `imported-${kind}`,
            author: "Ada",
            tags: [],
            versions: { en: { slug: `imported-${kind}`, title, summary: "", body: "Body", status: "draft" } },
          });
        for (const title of ["Imported one", "Imported two", "Imported three", "Imported four"]) {
          writeFileSync(file, `${line(title)}\n`);
          await importArticles(testApp.services.database, file, "test", () => {}, 3);
        }
        const blog = await db()
          .selectFrom("articles")
          .select("id")
          .where("key", "=", `imported-${kind}`)
          .executeTakeFirstOrThrow();
        const kept = await revisions(blog.id);
        expect(kept.map((revision) => [revision.action, revision.uid, revision.title])).toEqual([
          ["import", "cli", "Imported four"],
          ["import", "cli", "Imported three"],
          ["import", "cli", "Imported two"],
        ]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }, 60_000); // Four imports, each starting its render workers: slow on a loaded machine.

    it("answers bad revision requests with a 4xx naming the field", async () => {
      const article = await newArticle();
      expect((await call("GET", `/${article.id}/versions/en-US/revisions/abc`)).json!.error!.field).toBe("revisionId");
      expect((await call("GET", `/${article.id}/versions/en-US/revisions/999999`)).status).toBe(404);
      const compare = await call("GET", `/${article.id}/versions/en-US/revisions/compare?from=1`);
      expect(compare.status).toBe(400);
      expect(compare.json!.error!.field).toBe("to");
      expect((await call("POST", `/${article.id}/versions/en-US/revisions/999999/restore`)).status).toBe(404);
      expect((await call("GET", `/${article.id}/versions/en-US/revisions`, { as: "user" })).status).toBe(403);
    });
  });

  describe("publishing and schedules", () => {
    it("publishes and unpublishes now, each a revision and an audit entry; repeating one is a 409", async () => {
      const article = await newArticle();
      const published = await call("POST", `/${article.id}/versions/en-US/publish`);
      expect(published.json!.publishing!.state).toBe("published");
      expect((await page(articlePath(article))).status).toBe(200);
      expect((await call("POST", `/${article.id}/versions/en-US/publish`)).status).toBe(409);
      const unpublished = await call("POST", `/${article.id}/versions/en-US/unpublish`);
      expect(unpublished.json!.publishing!.state).toBe("draft");
      expect((await page(articlePath(article))).status).toBe(404);
      expect((await revisions(article.id)).slice(0, 2).map((revision) => revision.action)).toEqual([
        "unpublish",
        "publish",
      ]);
    });

    it("refuses schedules that cannot happen, writing nothing", async () => {
      const article = await newArticle();
      const refuse = async (action: string, body: unknown, field: string) => {
        const before = await db().selectFrom("article_schedules").select("id").execute();
        const reply = await call("PUT", `/${article.id}/versions/en-US/schedules/${action}`, { body });
        expect(reply.status, JSON.stringify(reply.json)).toBe(400);
        expect(reply.json!.error!.field).toBe(field);
        expect(await db().selectFrom("article_schedules").select("id").execute()).toEqual(before);
      };
      await refuse("publish", { at: new Date(Date.now() - HOUR).toISOString() }, "at");
      await refuse("publish", { at: "tomorrow at nine" }, "at");
      await refuse("publish", { at: "2026-11-24T09:00:00" }, "at");
      await refuse("unpublish", { at: new Date(Date.now() + HOUR).toISOString() }, "at");
      await refuse("sometime", { at: new Date(Date.now() + HOUR).toISOString() }, "action");
      await refuse("publish", { at: new Date(Date.now() + HOUR).toISOString(), extra: 1 }, "body");
      expect((await call("DELETE", `/${article.id}/versions/en-US/schedules/publish`)).status).toBe(404);
    });

    it("applies a due publish and unpublish through the normal write path: page caches follow, audited, with revisions", async () => {
      const article = await newArticle();
      const at = new Date(Date.now() + HOUR);
      const scheduled = await call("PUT", `/${article.id}/versions/en-US/schedules/publish`, {
        body: { at: at.toISOString().replace("Z", "+00:00") },
      });
      expect(scheduled.json!.publishing).toMatchObject({
        state: "scheduled",
        schedules: { publishAt: at.toISOString(), unpublishAt: null },
      });
      const until = new Date(at.getTime() + HOUR);
      await call("PUT", `/${article.id}/versions/en-US/schedules/unpublish`, { body: { at: until.toISOString() } });
      // Anonymous 404, now kept in the page cache.
      expect((await page(articlePath(article))).status).toBe(404);

      expect(await applyDueSchedules(testApp.services, new Date(at.getTime() - 1000))).toBe(0);
      expect(await applyDueSchedules(testApp.services, at)).toBe(1);
      expect((await page(articlePath(article))).status).toBe(200);
      const publishing = (await call("GET", `/${article.id}/versions/en-US/publishing`)).json!.publishing!;
      expect(publishing).toMatchObject({
        state: "published",
        schedules: { publishAt: null, unpublishAt: until.toISOString() },
      });
      expect((await revisions(article.id))[0]).toMatchObject({
        action: "scheduled-publish",
        uid: `publisher-${kind}`,
        status: "published",
      });
      const audit = await db()
        .selectFrom("audit_log")
        .selectAll()
        .where("action", "=", "scheduled_publish")
        .where("entity_id", "=", `${article.id}:en-US`)
        .executeTakeFirstOrThrow();
      expect(audit.uid).toBe(SCHEDULER_ACTOR);

      expect(await applyDueSchedules(testApp.services, until)).toBe(1);
      expect((await page(articlePath(article))).status).toBe(404);
      expect(await applyDueSchedules(testApp.services, until)).toBe(0);
    });

    it("drops a pending publish when the version is published by hand", async () => {
      const article = await newArticle();
      await call("PUT", `/${article.id}/versions/en-US/schedules/publish`, {
        body: { at: new Date(Date.now() + HOUR).toISOString() },
      });
      await call("PUT", `/${article.id}/versions/en-US`, {
        body: version({ title: article.versions[0]!.title, status: "published" }),
      });
      expect((await call("GET", `/${article.id}/versions/en-US/publishing`)).json!.publishing!.schedules).toEqual({
        publishAt: null,
        unpublishAt: null,
      });
    });

    it("applies what fell due while the site was down when it starts again (the scheduler's first tick)", async () => {
      const article = await newArticle();
      await call("PUT", `/${article.id}/versions/en-US/schedules/publish`, {
        body: { at: new Date(Date.now() + HOUR).toISOString() },
      });
      // The time passes while no instance runs: a second stack, started afterwards, must apply it.
      await db()
        .updateTable("article_schedules")
        .set({ due_at: new Date(Date.now() - 60_000).toISOString() })
        .where("article_id", "=", article.id)
        .execute();
      const restarted = await createServices(testConfig(testApp.databaseUrl, ENV), createLogger("silent"));
      const scheduler = startScheduler(restarted);
      try {
        await scheduler.tick();
        const row = await db()
          .selectFrom("article_versions")
          .select("status")
          .where("article_id", "=", article.id)
          .executeTakeFirstOrThrow();
        expect(row.status).toBe("published");
      } finally {
        await scheduler.stop();
        await restarted.close();
      }
    });
  });

  describe("preview links", () => {
    it("shows an unpublished version signed out, with the banner and noindex, never from the page cache", async () => {
      const article = await newArticle("draft", "Secret draft");
      expect((await page(articlePath(article))).status).toBe(404);
      const created = await call("POST", `/${article.id}/versions/en-US/previews`, { body: {} });
      expect(created.status).toBe(201);
      const link = created.json!.preview!;
      expect(Date.parse(link.expiresAt) - Date.now()).toBeGreaterThan(7 * 24 * HOUR - 60_000);
      const path = new URL(link.url!).pathname;
      expect(path).toMatch(/^\/en\/preview\/\d+\.\d+\.[\w-]{43}$/);
      for (let visit = 0; visit < 2; visit++) {
        const response = await page(path);
        expect(response.status).toBe(200);
        expect(response.headers.get("x-robots-tag")).toContain("noindex");
        expect(response.headers.get("cache-control")).toContain("no-store");
        const html = await response.text();
        expect(html).toContain("Secret draft");
        expect(html).toContain('class="preview-banner"');
        expect(html).toContain("Preview: this version is not published.");
        expect(html).toMatch(/<meta name="robots" content="noindex, nofollow"/);
      }
      // Under another language's prefix: sent to the version's own.
      const elsewhere = await page(path.replace(/^\/en\//, "/fr/"));
      expect(elsewhere.status).toBe(302);
      expect(elsewhere.headers.get("location")).toBe(path);
      // The link names its link in the list, without the token.
      const listed = (await call("GET", `/${article.id}/versions/en-US/publishing`)).json!.publishing!.previews;
      expect(listed[0]).toMatchObject({ id: link.id, revokedAt: null });
      expect(listed[0]!.url).toBeUndefined();
    });

    it("refuses tampered, malformed, expired and revoked tokens with a clear 4xx page, noindex", async () => {
      const article = await newArticle();
      const link = (await call("POST", `/${article.id}/versions/en-US/previews`, { body: { days: 1 } })).json!.preview!;
      const path = new URL(link.url!).pathname;
      const token = path.split("/").at(-1)!;
      const expectRefused = async (target: string, status: number) => {
        const response = await page(target);
        expect(response.status, target).toBe(status);
        expect(response.headers.get("x-robots-tag")).toContain("noindex");
        expect(await response.text()).toContain("This preview link no longer works");
      };
      await expectRefused(`/en/preview/${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`, 404);
      await expectRefused("/en/preview/not-a-token", 400);
      // Past the request guard's bounds: its own 400, before any route.
      expect((await page(`/en/preview/${"9".repeat(3000)}`)).status).toBe(400);
      const [id] = token.split(".");
      const expired = previewToken(testApp.config, Number(id), new Date(Date.now() - 1000));
      await expectRefused(`/en/preview/${expired}`, 410);
      expect(
        await resolvePreviewToken(db(), testApp.config, token, new Date(Date.parse(link.expiresAt) + 1)),
      ).toMatchObject({ ok: false, status: 410, reason: "expired" });

      const revoked = await call("DELETE", `/${article.id}/versions/en-US/previews/${link.id}`);
      expect(revoked.json!.preview!.revokedAt).not.toBeNull();
      await expectRefused(path, 410);
      expect((await call("GET", `/${article.id}/versions/en-US/publishing`)).json!.publishing!.previews).toEqual([]);
      expect((await call("DELETE", `/${article.id}/versions/en-US/previews/999999`)).status).toBe(404);
      expect(
        (await call("POST", `/${article.id}/versions/en-US/previews`, { body: { days: 0 } })).json!.error!.field,
      ).toBe("days");
      expect((await call("POST", `/${article.id}/versions/en-US/previews`, { body: {}, as: "anonymous" })).status).toBe(
        401,
      );
    });
  });
});

describe("the scheduler with two instances on one PostgreSQL database", () => {
  let testApp: Awaited<ReturnType<typeof startTestApp>>;
  let other: AppServices & { close(): Promise<void> };

  beforeAll(async () => {
    testApp = await startTestApp("postgres", { env: ENV });
    other = await createServices(testConfig(testApp.databaseUrl, ENV), createLogger("silent"));
  });
  afterAll(async () => {
    await other.close();
    await testApp.close();
  });

  it("applies each due change exactly once, and the other instance hears about it", async () => {
    const db = testApp.services.database.db;
    const now = new Date().toISOString();
    const count = 40;
    const ids: number[] = [];
    for (let index = 0; index < count; index++) {
      const blog = await db
        .insertInto("articles")
        .values({ key: `due-${index}`, author: "Ada", cover: null, tags: "[]", created_at: now, updated_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      await db
        .insertInto("article_versions")
        .values({
          article_id: blog.id,
          code: "en-US",
          slug: `due-${index}`,
          title: `Due ${index}`,
          summary: "",
          body: "x",
          cover_alt: "",
          status: "draft",
          published_at: null,
          updated_at: now,
          html: null,
        })
        .execute();
      await db
        .insertInto("article_schedules")
        .values({
          article_id: blog.id,
          code: "en-US",
          action: "publish",
          due_at: new Date(Date.now() - 1000).toISOString(),
          created_by: null,
          created_at: now,
        })
        .execute();
      ids.push(blog.id);
    }
    const heard = new Set<number>();
    const stopListening = other.content.onChange((change: ContentChange) => {
      if (change.kind === "articles") for (const article of change.articles) heard.add(article.id);
    });

    // Both instances tick at once, in small claims, until nothing is due.
    let applied = 0;
    for (let round = 0; round < 20; round++) {
      const results = await Promise.all([
        applyDueSchedules(testApp.services, new Date(), 7),
        applyDueSchedules(other, new Date(), 7),
        applyDueSchedules(testApp.services, new Date(), 7),
      ]);
      applied += results.reduce((sum, result) => sum + result, 0);
    }
    expect(applied).toBe(count);
    const revisionCount = await db
      .selectFrom("article_revisions")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("action", "=", "scheduled-publish")
      .executeTakeFirstOrThrow();
    expect(Number(revisionCount.n)).toBe(count);
    const auditCount = await db
      .selectFrom("audit_log")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("action", "=", "scheduled_publish")
      .executeTakeFirstOrThrow();
    expect(Number(auditCount.n)).toBe(count);
    expect(await db.selectFrom("article_schedules").select("id").execute()).toEqual([]);
    const published = await db
      .selectFrom("article_versions")
      .select("article_id")
      .where("status", "=", "published")
      .where("article_id", "in", ids)
      .execute();
    expect(published).toHaveLength(count);

    // The changes the first instance applied reach the other by NOTIFY.
    const deadline = Date.now() + 5000;
    while (heard.size < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    stopListening();
    expect(heard.size).toBe(count);
  });
});
