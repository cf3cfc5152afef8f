/**
 * The reads that return rendered bodies: one article with its versions (an article page, a draft
 * preview) and a language's latest articles (a feed). A version whose stored HTML is missing or
 * from an older renderer is rendered on the way (server/content/rendering.ts), and its HTML stored
 * without the read waiting for that write (decision 0233).
 */
import { sql, type Kysely } from "kysely";
import type { Logger } from "#server/base/log.ts";
import type { Database } from "#server/db/schema.ts";
import type { MediaRendition } from "#core/media-rules.ts";
import { isCurrentRender, renderVersionFrom, type RenderedVersion } from "./rendering.ts";
import { isPublishedVersion } from "#server/db/published.ts";
import { LISTED_COLUMNS, publishedIn, withCoverImages } from "./listed-versions.ts";

export interface PublishedVersion {
  code: string;
  slug: string;
  title: string;
  summary: string;
  /** The rendered body; null for a language other than the one `published` was asked to render. */
  html: string | null;
  coverAlt: string;
  readingMinutes: number;
  /** Null for a version that is not published (only a draft preview shows one). */
  publishedAt: string | null;
  updatedAt: string;
  /** Made from an older revision of the source's text (core/translation-status.ts). */
  outdated: boolean;
}

export interface PublishedArticle {
  id: number;
  key: string;
  author: string;
  /** As stored: a library image ("media:42"), a path on this site or an https URL. */
  cover: string | null;
  /** The cover when it is a library image. */
  coverImage: MediaRendition | null;
  tags: string[];
  /** Published versions by language code. */
  versions: Map<string, PublishedVersion>;
  /** The language the others are translated from, and when its text last changed. */
  source: { code: string; changedAt: string } | null;
}

/** Renderings waiting to be stored at most: each holds its HTML in memory. */
const MAX_QUEUED_STORES = 64;

/**
 * Stores the HTML a read rendered, without the read waiting for the write (decision 0233): on SQLite a write waits
 * for the database's write lock, which a bulk import's transactions hold up to 50 ms each (decision 0146), and the
 * page needs only the HTML it has. Stored only while the version's body is still the one rendered: a save in between
 * stored its own. One store at a time: on PostgreSQL a store waiting for a row holds one of the pool's connections,
 * which pages need for their reads. Past MAX_QUEUED_STORES a rendering is not stored, and a failed store is logged:
 * either costs nothing but a render, since the next read of the version renders it again.
 */
function createRenderStore(db: Kysely<Database>, log: Pick<Logger, "warn">) {
  let queued = 0;
  let last: Promise<void> = Promise.resolve();
  const write = (id: number, body: string, rendered: RenderedVersion) =>
    db.updateTable("article_versions").set(rendered).where("id", "=", id).where("body", "=", body).execute();
  return {
    store(id: number, body: string, rendered: RenderedVersion): void {
      if (queued >= MAX_QUEUED_STORES) return;
      queued += 1;
      last = last
        .then(() => write(id, body, rendered))
        .then(
          () => undefined,
          (error: unknown) => log.warn({ err: error, versionId: id }, "storing a version's rendered HTML failed"),
        )
        .finally(() => {
          queued -= 1;
        });
    },
    /** Resolves once every store begun so far has ended: before the database closes, and in tests. */
    settled: (): Promise<void> => last,
  };
}

type RenderStore = ReturnType<typeof createRenderStore>;

/** Renders versions whose stored HTML is missing or from an older renderer (and has it stored); the Markdown is read only for those. */
async function withCurrentRender<
  Row extends { id: number; code: string; html: string | null; renderer_version: number; reading_minutes: number },
>(db: Kysely<Database>, renders: RenderStore, rows: Row[]): Promise<(Row & { html: string })[]> {
  return Promise.all(
    rows.map(async (row) => {
      if (isCurrentRender(row)) return row;
      const { body } = await db
        .selectFrom("article_versions")
        .select("body")
        .where("id", "=", row.id)
        .executeTakeFirstOrThrow();
      const rendered = await renderVersionFrom(db, body, row.code, { forPage: true });
      renders.store(row.id, body, rendered);
      return { ...row, ...rendered };
    }),
  );
}

/** An article's published versions (with `previewCode`, that version whatever its status) joined to the article, in one query; the HTML only of `htmlIn` when given. */
function versionRows(db: Kysely<Database>, id: number, htmlIn: string | undefined, previewCode: string | undefined) {
  return (
    db
      .selectFrom("article_versions")
      .innerJoin("articles", "articles.id", "article_versions.article_id")
      .select([
        "article_versions.id",
        "article_versions.code",
        "article_versions.slug",
        "article_versions.title",
        "article_versions.summary",
        "article_versions.renderer_version",
        "article_versions.reading_minutes",
        "article_versions.cover_alt",
        "article_versions.updated_at",
        "article_versions.outdated",
        "articles.key",
        "articles.author",
        "articles.cover",
        "articles.tags",
        "articles.source_code",
        "articles.source_changed_at",
        "articles.updated_at as blog_updated_at",
      ])
      // A draft's date (a preview reads drafts) is not a publication date: only a published version has one.
      .select(
        sql<string | null>`case when ${isPublishedVersion} then article_versions.published_at end`.as("published_at"),
      )
      .select(
        htmlIn === undefined
          ? sql<string | null>`article_versions.html`.as("html")
          : sql<string | null>`case when article_versions.code = ${htmlIn} then article_versions.html end`.as("html"),
      )
      .where("article_versions.article_id", "=", id)
      .where((eb) =>
        previewCode === undefined
          ? isPublishedVersion
          : eb.or([isPublishedVersion, eb("article_versions.code", "=", previewCode)]),
      )
      .execute()
  );
}

export function createRenderedArticleReads(db: Kysely<Database>, log: Pick<Logger, "warn">) {
  const renders = createRenderStore(db, log);
  return {
    /** Resolves once the HTML rendered by the reads so far is stored (or its store has failed). */
    rendersStored: renders.settled,

    /** The latest `limit` published versions in a language with their rendered bodies, newest first (a feed). */
    async latestWithContent(code: string, limit: number) {
      const rows = await withCurrentRender(
        db,
        renders,
        await publishedIn(db, code)
          .select([
            ...LISTED_COLUMNS,
            "article_versions.id as id",
            "article_versions.html as html",
            "article_versions.renderer_version as renderer_version",
            "article_versions.reading_minutes as reading_minutes",
            "article_versions.updated_at as updatedAt",
          ])
          .orderBy("article_versions.published_at", "desc")
          .orderBy("article_versions.article_id", "desc")
          .limit(limit)
          .execute(),
      );
      return rows.map((row) => ({ ...row, publishedAt: row.publishedAt! }));
    },

    /**
     * One article with its published versions, or null when it has none, in one query.
     * With `htmlIn`, only that language's rendered body is read (an article page
     * shows one; the others only give their slugs): the rest come back with html null.
     * A draft preview (server/content/preview.ts) passes `previewCode`: that version is
     * included whatever its status, with its pending changes when it has any (decision 0150).
     */
    async published(
      id: number,
      { htmlIn, previewCode }: { htmlIn?: string; previewCode?: string } = {},
    ): Promise<PublishedArticle | null> {
      const rows = await versionRows(db, id, htmlIn, previewCode);
      if (rows.length === 0) return null;
      const rendered = await withCurrentRender(
        db,
        renders,
        rows.filter((row) => htmlIn === undefined || row.code === htmlIn),
      );
      const htmlOf = new Map(rendered.map((row) => [row.code, row.html]));
      const versions = new Map<string, PublishedVersion>(
        rows.map((row) => [
          row.code,
          {
            code: row.code,
            slug: row.slug,
            title: row.title,
            summary: row.summary,
            html: htmlOf.get(row.code) ?? null,
            coverAlt: row.cover_alt,
            readingMinutes: row.reading_minutes,
            publishedAt: row.published_at,
            updatedAt: row.updated_at,
            outdated: row.outdated === 1,
          },
        ]),
      );
      if (previewCode !== undefined) {
        const pending = await db
          .selectFrom("article_drafts")
          .selectAll()
          .where("article_id", "=", id)
          .where("code", "=", previewCode)
          .executeTakeFirst();
        const shown = versions.get(previewCode);
        if (pending && shown) {
          const { html } = await renderVersionFrom(db, pending.body, previewCode, { forPage: true });
          versions.set(previewCode, {
            ...shown,
            slug: pending.slug,
            title: pending.title,
            summary: pending.summary,
            coverAlt: pending.cover_alt,
            html,
            updatedAt: pending.updated_at,
          });
        }
      }
      const blog = rows[0]!;
      const { coverImage } = (await withCoverImages(db, [blog]))[0]!;
      const source =
        blog.source_code === null
          ? null
          : { code: blog.source_code, changedAt: blog.source_changed_at ?? blog.blog_updated_at };
      return {
        id,
        key: blog.key,
        author: blog.author,
        cover: blog.cover,
        coverImage,
        tags: JSON.parse(blog.tags) as string[],
        versions,
        source,
      };
    },
  };
}
