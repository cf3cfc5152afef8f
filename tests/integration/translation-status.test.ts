import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  AdminArticle,
  AdminArticleSummary,
  AdminVersionDetail,
  SourceChanges,
} from "#core/admin/articles/schema.ts";
import { importArticles } from "#server/content/ndjson.ts";
import { exportArticles } from "#server/content/ndjson-export.ts";
import { articleView } from "#server/content/article-page.ts";
import { articlesAdminApi, DATABASE_KINDS, startTestApp, type AdminApiCall } from "./support.ts";

type ReplyJson = {
  article?: AdminArticle;
  version?: AdminVersionDetail;
  articles?: AdminArticleSummary[];
  next?: string | null;
  error?: { code: string; message: string; field?: string };
} & Partial<SourceChanges>;

const text = (title: string, body: string, status = "published") => ({
  title,
  summary: `${title} summary`,
  body,
  coverAlt: "",
  status,
});

describe.each(DATABASE_KINDS)("translation status on %s", (kind) => {
  let testApp: Awaited<ReturnType<typeof startTestApp>>;
  let call: AdminApiCall<ReplyJson>;
  let ok: (method: string, path: string, body?: unknown) => Promise<ReplyJson>;
  const dir = mkdtempSync(join(tmpdir(), "pp-translation-"));

  beforeAll(async () => {
    testApp = await startTestApp(kind);
    ({ call, ok } = await articlesAdminApi<ReplyJson>(
      testApp,
      { uid: `status-admin-${kind}`, email: "status-admin@example.com" },
      { email: "status-reader@example.com" },
    ));
  });
  afterAll(async () => {
    await testApp.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const db = () => testApp.services.database.db;

  async function newArticle(key: string): Promise<number> {
    const { article } = await ok("POST", "", { key, author: "Ada", tags: [] });
    await ok("PUT", `/${article!.id}/versions/en-US`, text(`${key} in English`, "The harbour opens at six."));
    await ok("PUT", `/${article!.id}/versions/fr-FR`, text(`${key} en français`, "Le port ouvre à six heures."));
    return article!.id;
  }

  const statusOf = (article: AdminArticle | AdminArticleSummary, code: string) =>
    article.versions.find((version) => version.code === code)?.translation;
  const listed = async (query: string) => (await ok("GET", `?${query}`)).articles!.map((article) => article.key);
  /** The French public page's view model and what it says it shows (the page cache's invalidation keys). */
  const frenchPage = async (id: number) => {
    const resident = testApp.services.content.current();
    const shows = new Set<string>();
    const view = await articleView(
      { resident, articles: testApp.services.content.articles, dependsOn: (tag) => shows.add(tag) },
      resident.languages.find((language) => language.code === "fr-FR")!,
      String(id),
    );
    expect(shows).toContain(`article:${id}`);
    if (view?.kind !== "article") throw new Error(`article ${id} has no French page`);
    return view;
  };

  it("gives seeded articles their first version as source, every translation up to date", async () => {
    const { articles } = await ok("GET", "");
    const seven = articles!.find((article) => article.key === "one-story-seven-languages")!;
    expect(seven.sourceLanguage).toBe("en-US");
    expect(seven.versions.every((version) => version.translation === "current")).toBe(true);
    const french = articles!.find((article) => article.key === "routiers-langues-de-la-route")!;
    expect(french.sourceLanguage).toBe("fr-FR");
  });

  it("outdates translations when the source's text changes, not when only its publication or slug does", async () => {
    const id = await newArticle("harbour-status");
    let { article } = await ok("GET", `/${id}`);
    expect(article).toMatchObject({ sourceLanguage: "en-US", sourceRevision: 1 });
    expect(statusOf(article!, "fr-FR")).toBe("current");

    ({ article } = await ok("PUT", `/${id}/versions/en-US`, {
      ...text("harbour-status in English", "The harbour opens at six."),
      slug: "another-slug",
    }));
    expect(article!.sourceRevision).toBe(1);
    expect(statusOf(article!, "fr-FR")).toBe("current");

    // The source revision is the History number of the save that changed the text (#2 kept the text).
    ({ article } = await ok(
      "PUT",
      `/${id}/versions/en-US`,
      text("harbour-status in English", "The harbour opens at seven."),
    ));
    expect(article!.sourceRevision).toBe(3);
    expect(statusOf(article!, "fr-FR")).toBe("outdated");
    expect(statusOf(article!, "en-US")).toBe("current");

    // A translation's text made from the older source revision (the one the editor showed) still lags behind it.
    ({ article } = await ok("PUT", `/${id}/versions/fr-FR`, {
      ...text("harbour-status en français", "Le port ouvre à six heures !"),
      sourceRevision: 1,
    }));
    expect(statusOf(article!, "fr-FR")).toBe("outdated");
    // A draft of the live translation is pending beside it: its status is the live text's.
    ({ article } = await ok("PUT", `/${id}/versions/fr-FR`, {
      ...text("harbour-status en français", "Le port ouvre à six heures !", "draft"),
      sourceRevision: 1,
    }));
    expect(statusOf(article!, "fr-FR")).toBe("outdated");
    await ok("PUT", `/${id}/versions/fr-FR`, {
      ...text("harbour-status en français", "Le port ouvre à six heures !"),
      sourceRevision: 1,
    });
  });

  it("filters the list by language and status, by keyset pages", async () => {
    const id = (await ok("GET", "?language=fr-FR&status=outdated")).articles!.find(
      (article) => article.key === "harbour-status",
    )!.id;
    expect(await listed("language=fr-FR&status=outdated")).toEqual(["harbour-status"]);
    expect(await listed("language=fr-FR&status=current")).not.toContain("harbour-status");
    expect(await listed("language=de-DE&status=missing")).toContain("harbour-status");
    expect(await listed("language=en-US&status=missing")).not.toContain("harbour-status");
    expect(await listed("status=outdated")).toEqual(["harbour-status"]);
    const first = await ok("GET", "");
    expect(first.next).toBeNull();
    expect(first.articles![0]!.id).toBe(id);
    // A cursor past the first article lists the rest.
    const rest = await ok("GET", `?after=${encodeURIComponent(`${first.articles![0]!.updatedAt}_${id}`)}`);
    expect(rest.articles!.map((article) => article.id)).toEqual(first.articles!.slice(1).map((article) => article.id));
  });

  it.each([
    ["?status=bogus", "status"],
    ["?status=missing", "status"],
    ["?after=yesterday", "after"],
    ["?language=xx-XX", "language"],
  ])("refuses %s with a 400 naming %s", async (query, field) => {
    const reply = await call("GET", query);
    expect(reply.status).toBe(400);
    expect(reply.json!.error!.message).toMatch(new RegExp(`^${field}: `));
  });

  it("shows what changed in the source since the translation's base revision", async () => {
    const id = (await ok("GET", "?status=outdated")).articles![0]!.id;
    const changes = await ok("GET", `/${id}/versions/fr-FR/source-changes`);
    expect(changes.base).toMatchObject({ code: "en-US", revision: 1, body: "The harbour opens at six." });
    expect(changes.current).toMatchObject({ code: "en-US", revision: 3, body: "The harbour opens at seven." });
  });

  it("tells French readers the original changed, until a translator marks the translation up to date (audited, text unchanged)", async () => {
    const id = (await ok("GET", "?status=outdated")).articles![0]!.id;
    const before = await frenchPage(id);
    const { article: stored0 } = await ok("GET", `/${id}`);
    expect(before.outdatedNotice).toEqual({
      changedAt: stored0!.sourceChangedAt,
      original: {
        code: "en-US",
        label: "English",
        dir: "ltr",
        path: `/en/articles/${id}/${stored0!.versions.find((version) => version.code === "en-US")!.slug}`,
      },
    });
    const stored = await db()
      .selectFrom("article_versions")
      .select(["body", "updated_at"])
      .where("article_id", "=", id)
      .where("code", "=", "fr-FR")
      .executeTakeFirstOrThrow();

    for (const visitor of ["anonymous", "user"] as const) {
      expect((await call("POST", `/${id}/versions/fr-FR/up-to-date`, { as: visitor, body: {} })).status).toBe(
        visitor === "anonymous" ? 401 : 403,
      );
    }
    const { article } = await ok("POST", `/${id}/versions/fr-FR/up-to-date`, {});
    expect(statusOf(article!, "fr-FR")).toBe("current");
    expect(
      await db()
        .selectFrom("article_versions")
        .select(["body", "updated_at"])
        .where("article_id", "=", id)
        .where("code", "=", "fr-FR")
        .executeTakeFirstOrThrow(),
    ).toEqual(stored);
    const audit = await db().selectFrom("audit_log").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      action: "mark_up_to_date",
      entity: "article_version",
      entity_id: `${id}:fr-FR`,
      uid: `status-admin-${kind}`,
    });
    expect(JSON.parse(audit.before!)).toMatchObject({ baseRevision: 1, translation: "outdated" });
    expect((await frenchPage(id)).outdatedNotice).toBeNull();
    // Older source snapshots are dropped once nothing is based on them.
    expect(
      (await db().selectFrom("article_source_revisions").select("revision").where("article_id", "=", id).execute()).map(
        (row) => row.revision,
      ),
    ).toEqual([3]);
  });

  it("refuses to mark the source, a missing version or a bad address, changing nothing", async () => {
    const id = (await ok("GET", "?language=fr-FR&status=current")).articles!.find(
      (article) => article.key === "harbour-status",
    )!.id;
    const audits = async () => (await db().selectFrom("audit_log").select("id").execute()).length;
    const count = await audits();
    expect((await call("POST", `/${id}/versions/en-US/up-to-date`, { body: {} })).json!.error).toMatchObject({
      field: "code",
    });
    expect((await call("POST", `/${id}/versions/de-DE/up-to-date`, { body: {} })).status).toBe(404);
    expect((await call("POST", `/0/versions/fr-FR/up-to-date`, { body: {} })).status).toBe(400);
    expect((await call("POST", `/999999/versions/fr-FR/up-to-date`, { body: {} })).status).toBe(404);
    expect(await audits()).toBe(count);
  });

  it("changes the source language: keeps statuses when the new source was current, else outdates the rest", async () => {
    const id = await newArticle("source-switch");
    await ok("PUT", `/${id}/versions/de-DE`, text("source-switch auf Deutsch", "Der Hafen."));
    // The article's fields are written from their current ETag (decision 0151).
    const fieldsTag = async () => (await call("GET", `/${id}`)).etag;
    const refused = await call("PATCH", `/${id}`, { body: { sourceLanguage: "ja-JP" }, ifMatch: await fieldsTag() });
    expect(refused.status).toBe(400);
    expect(refused.json!.error!.field).toBe("sourceLanguage");

    let { article } = (await call("PATCH", `/${id}`, { body: { sourceLanguage: "fr-FR" }, ifMatch: await fieldsTag() }))
      .json!;
    expect(article).toMatchObject({ sourceLanguage: "fr-FR", sourceRevision: 1 });
    expect(article!.versions.map((version) => version.translation)).toEqual(["current", "current", "current"]);

    ({ article } = await ok("PUT", `/${id}/versions/fr-FR`, text("source-switch en français", "Le port ferme.")));
    expect(article!.sourceRevision).toBe(2);
    // The source revision is now German's History number of its text (#1): the others are put behind it.
    ({ article } = (
      await call("PATCH", `/${id}`, { body: { sourceLanguage: "de-DE" }, ifMatch: await fieldsTag() })
    ).json!);
    expect(article).toMatchObject({ sourceLanguage: "de-DE", sourceRevision: 1 });
    expect(Object.fromEntries(article!.versions.map((version) => [version.code, version.translation]))).toEqual({
      "de-DE": "current",
      "en-US": "outdated",
      "fr-FR": "outdated",
    });
  });

  it("hands the source on when its version is deleted", async () => {
    const id = await newArticle("source-deleted");
    await ok("PUT", `/${id}/versions/en-US`, text("source-deleted in English", "Changed."));
    await ok("PUT", `/${id}/versions/ja-JP`, text("source-deleted 日本語", "港。"));
    expect((await call("DELETE", `/${id}/versions/en-US`)).status).toBe(204);
    const { article } = await ok("GET", `/${id}`);
    // ja-JP was made from the latest source text: it takes over (at its own History's #1) and no status changes.
    expect(article).toMatchObject({ sourceLanguage: "ja-JP", sourceRevision: 1 });
    expect(Object.fromEntries(article!.versions.map((version) => [version.code, version.translation]))).toEqual({
      "fr-FR": "outdated",
      "ja-JP": "current",
    });
    // French, behind the former source, is put behind Japanese's #1: a save naming what its GET gave is taken and stays outdated.
    const french = (await ok("GET", `/${id}/versions/fr-FR`)).version!;
    expect(french.sourceRevision).toBe(0);
    const saved = await ok("PUT", `/${id}/versions/fr-FR`, {
      ...text("source-deleted en français", "Le port."),
      sourceRevision: french.sourceRevision,
    });
    expect(saved.version).toMatchObject({ sourceRevision: 0, translation: "outdated" });
  });

  it("keeps statuses through export and import, and an imported source change outdates the translations", async () => {
    const id = await newArticle("imported-status");
    await ok("PUT", `/${id}/versions/en-US`, text("imported-status in English", "Revised."));
    const lines: string[] = [];
    for await (const chunk of exportArticles(db())) lines.push(...chunk.trimEnd().split("\n"));
    const exported = JSON.parse(lines.find((line) => line.includes('"imported-status"'))!) as {
      key: string;
      source: string;
      versions: Record<string, { upToDate?: boolean; body: string; title: string }>;
    };
    expect(exported.source).toBe("en");
    expect(exported.versions.fr!.upToDate).toBe(false);
    expect(exported.versions.en!.upToDate).toBeUndefined();

    // Into a fresh article (another key): the same statuses.
    const copy = {
      ...exported,
      key: "imported-status-copy",
      versions: Object.fromEntries(
        Object.entries(exported.versions).map(([code, version]) => [code, { ...version, slug: "" }]),
      ),
    };
    copy.versions.fr!.title = "Copie";
    copy.versions.en!.title = "Copy";
    writeFileSync(join(dir, "copy.ndjson"), `${JSON.stringify(copy)}\n`);
    await importArticles(testApp.services.database, join(dir, "copy.ndjson"), "test");
    const copied = (await ok("GET", "")).articles!.find((article) => article.key === "imported-status-copy")!;
    expect(copied.sourceLanguage).toBe("en-US");
    expect(statusOf(copied, "fr-FR")).toBe("outdated");

    // Marked up to date, exported again, then the source body changed in the file: Outdated again.
    await ok("POST", `/${id}/versions/fr-FR/up-to-date`, {});
    // An identical save of the source is History's #3 and changes no revision a translator sees.
    expect(
      (await ok("PUT", `/${id}/versions/en-US`, text("imported-status in English", "Revised."))).article!
        .sourceRevision,
    ).toBe(2);
    const again: string[] = [];
    for await (const chunk of exportArticles(db())) again.push(...chunk.trimEnd().split("\n"));
    const line = JSON.parse(again.find((candidate) => candidate.includes('"imported-status"'))!) as typeof exported;
    expect(line.versions.fr!.upToDate).toBe(true);
    line.versions.en!.body = "Revised again, in the file.";
    writeFileSync(join(dir, "changed.ndjson"), `${JSON.stringify(line)}\n`);
    await importArticles(testApp.services.database, join(dir, "changed.ndjson"), "test");
    const { article } = await ok("GET", `/${id}`);
    // The source revision is the import's own History entry, #4.
    expect(article!.sourceRevision).toBe(4);
    const history = (await call("GET", `/${id}/versions/en-US/revisions`)).json as unknown as {
      revisions: { number: number; action: string }[];
    };
    expect(history.revisions[0]).toMatchObject({ number: 4, action: "import" });
    expect(statusOf(article!, "fr-FR")).toBe("outdated");

    // An unknown source in a file is refused, naming the line.
    writeFileSync(join(dir, "bad.ndjson"), `${JSON.stringify({ ...line, source: "de" })}\n`);
    await expect(importArticles(testApp.services.database, join(dir, "bad.ndjson"), "test")).rejects.toThrow(
      /line 1: source: /,
    );
  });

  it("stores the same translation facts for a file imported in one batch as for its lines imported one by one", async () => {
    const version = (title: string, body: string, extra: Record<string, unknown> = {}) => ({
      ...text(title, body),
      slug: "",
      ...extra,
    });
    const lines = (prefix: string) => [
      {
        key: `${prefix}-plain`,
        author: "Ada",
        tags: [],
        versions: { en: version(`${prefix} plain`, "One."), fr: version(`${prefix} simple`, "Un.") },
      },
      {
        key: `${prefix}-french-source`,
        author: "Ada",
        tags: [],
        source: "fr",
        versions: {
          en: version(`${prefix} source`, "Two.", { upToDate: false }),
          fr: version(`${prefix} source fr`, "Deux."),
          de: version(`${prefix} Quelle`, "Zwei."),
        },
      },
      { key: `${prefix}-one`, author: "Ada", tags: [], versions: { de: version(`${prefix} eins`, "Drei.") } },
      {
        key: `${prefix}-stale`,
        author: "Ada",
        tags: [],
        source: "en",
        versions: {
          en: version(`${prefix} stale`, "Four."),
          fr: version(`${prefix} périmé`, "Quatre.", { upToDate: false }),
          es: version(`${prefix} viejo`, "Cuatro.", { upToDate: true }),
        },
      },
    ];
    const facts = async (prefix: string) => {
      const blogs = await db()
        .selectFrom("articles")
        .select(["id", "key", "source_code", "source_revision"])
        .where("key", "like", `${prefix}-%`)
        .orderBy("key")
        .execute();
      const ids = blogs.map((blog) => blog.id);
      const versions = await db()
        .selectFrom("article_versions")
        .select(["article_id", "code", "base_revision", "outdated"])
        .where("article_id", "in", ids)
        .orderBy("article_id")
        .orderBy("code")
        .execute();
      const snapshots = await db()
        .selectFrom("article_source_revisions")
        .select(["article_id", "revision", "code", "title", "body"])
        .where("article_id", "in", ids)
        .orderBy("article_id")
        .orderBy("revision")
        .execute();
      const keyOf = new Map(blogs.map((blog) => [blog.id, blog.key.slice(prefix.length)]));
      return {
        blogs: blogs.map(({ id: _id, key, ...rest }) => ({ key: key.slice(prefix.length), ...rest })),
        versions: versions.map(({ article_id, ...rest }) => ({ article: keyOf.get(article_id), ...rest })),
        snapshots: snapshots.map(({ article_id, title, ...rest }) => ({
          article: keyOf.get(article_id),
          title: title.slice(prefix.length),
          ...rest,
        })),
      };
    };
    /** Imports the lines as one file, or each line as a file of its own. */
    const importAll = async (name: string, objects: unknown[], each: boolean) => {
      const all = objects.map((line) => JSON.stringify(line));
      for (const [index, group] of (each ? all.map((line) => [line]) : [all]).entries()) {
        writeFileSync(join(dir, `${name}-${index}.ndjson`), `${group.join("\n")}\n`);
        await importArticles(testApp.services.database, join(dir, `${name}-${index}.ndjson`), "test");
      }
    };
    await importAll("batched", lines("batched"), false);
    await importAll("single", lines("single"), true);
    const batched = await facts("batched");
    expect(batched.blogs).toHaveLength(4);
    expect(batched.snapshots.length).toBeGreaterThanOrEqual(3);
    expect(batched.versions.filter((row) => row.outdated === 1).map((row) => [row.article, row.code])).toEqual([
      ["-french-source", "en-US"],
      ["-stale", "fr-FR"],
    ]);
    expect(batched).toEqual(await facts("single"));

    // Imported again with every body changed, in one batch and line by line: the same again.
    const changed = (prefix: string) =>
      lines(prefix).map((line) => ({
        ...line,
        versions: Object.fromEntries(
          Object.entries(line.versions).map(([code, value]) => [code, { ...value, body: `${value.body} Changed.` }]),
        ),
      }));
    await importAll("batched-again", changed("batched"), false);
    await importAll("single-again", changed("single"), true);
    expect(await facts("batched")).toEqual(await facts("single"));
  });

  // Decision 0212: a translation whose body would show the rest of its page as code is refused, from any client.
  it("refuses a translation that opens a code fence and never closes it, as a draft or published; warnings never refuse", async () => {
    const { article } = await ok("POST", "", { key: "fence-check", author: "Ada", tags: [] });
    const id = article!.id;
    await ok("PUT", `/${id}/versions/en-US`, text("Fences", "Run this:\n\n```\nnpm start\n```\n\nThen open the site."));
    for (const status of ["draft", "published"]) {
      const reply = await call("PUT", `/${id}/versions/fr-FR`, {
        body: text("Clôtures", "Lancez ceci :\n\n```\nnpm start\n\nPuis ouvrez le site.", status),
      });
      expect(reply.status).toBe(400);
      expect(reply.json!.error).toMatchObject({ code: "invalid_field", field: "body" });
      expect(reply.json!.error!.message).toContain("never closed");
    }
    expect((await call("GET", `/${id}/versions/fr-FR`)).status).toBe(404);
    // Closed, it is saved, though a number of the source is missing (a warning in the editor, never a refusal).
    await ok(
      "PUT",
      `/${id}/versions/fr-FR`,
      text("Clôtures", "Lancez :\n\n```\nnpm start\n```\n\nPuis ouvrez le site, 3 fois."),
    );
    // A fence the source leaves open may stay open in its translation; the source itself is never checked.
    await ok("PUT", `/${id}/versions/en-US`, text("Fences", "Text\n\n```\nstill open"));
    await ok("PUT", `/${id}/versions/fr-FR`, text("Clôtures", "Texte\n\n```\ntoujours ouvert"));
  });
});
