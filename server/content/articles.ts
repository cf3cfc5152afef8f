/**
 * Articles read on demand (docs/decisions/0030-content-on-demand.md): every
 * query seeks on an index and returns a bounded number of rows, whatever the
 * archive's size. A language's list is ordered by (published_at, id), newest
 * first, so equal timestamps still have one stable order; `?page=N` is served
 * by keyset from a sparse anchor index (the key of every 16th page), so page 1
 * and page 5 000 cost the same.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { mediaIdOf, type MediaRendition } from "#core/media-rules.ts";
import { loadRenditions } from "#server/media/renditions.ts";
import { isCurrentRender, renderVersionFrom } from "./rendering.ts";

export interface PublishedVersion {
  code: string;
  slug: string;
  title: string;
  summary: string;
  html: string;
  coverAlt: string;
  readingMinutes: number;
  publishedAt: string;
  updatedAt: string;
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
}

/** A list entry: one article's version in one language. */
export interface ListedVersion {
  articleId: number;
  code: string;
  slug: string;
  title: string;
  summary: string;
  coverAlt: string;
  readingMinutes: number;
  publishedAt: string;
  author: string;
  cover: string | null;
  coverImage: MediaRendition | null;
}

interface ListKey {
  publishedAt: string;
  id: number;
}

/** A language's published list: its length and the key of every ANCHOR_STRIDE-th entry. */
interface ListIndex {
  total: number;
  anchors: ListKey[];
}

/** Entries between two anchors: with 6 articles a page, one anchor every 16 pages. */
export const ANCHOR_STRIDE = 96;
/** Index rows read per query while building an anchor index: each batch is a short, bounded block of the event loop. */
const ANCHOR_BATCH = 4_000;

const LISTED_COLUMNS = [
  "blog_versions.blog_id as articleId",
  "blog_versions.code as code",
  "blog_versions.slug as slug",
  "blog_versions.title as title",
  "blog_versions.summary as summary",
  "blog_versions.cover_alt as coverAlt",
  "blog_versions.reading_minutes as readingMinutes",
  "blog_versions.published_at as publishedAt",
  "blogs.author as author",
  "blogs.cover as cover",
] as const;

/** Rows with their library covers, looked up together (no query when none is a library image). */
async function withCoverImages<Row extends { cover: string | null }>(db: Kysely<Database>, rows: Row[]): Promise<(Row & { coverImage: MediaRendition | null })[]> {
  const media = await loadRenditions(
    db,
    rows.flatMap((row) => mediaIdOf(row.cover) ?? []),
  );
  return rows.map((row) => ({ ...row, coverImage: media[mediaIdOf(row.cover) ?? 0] ?? null }));
}

/** Lets other requests run between batches of synchronous SQLite work. */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export function createArticleReader(db: Kysely<Database>) {
  const listIndexes = new Map<string, Promise<ListIndex>>();

  function publishedIn(code: string) {
    return db
      .selectFrom("blog_versions")
      .innerJoin("blogs", "blogs.id", "blog_versions.blog_id")
      .where("blog_versions.code", "=", code)
      .where("blog_versions.status", "=", "published")
      .where("blog_versions.published_at", "is not", null);
  }

  async function buildListIndex(code: string): Promise<ListIndex> {
    const anchors: ListKey[] = [];
    let total = 0;
    let after: ListKey | null = null;
    for (;;) {
      const from: ListKey | null = after;
      const rows: { published_at: string | null; blog_id: number }[] = await db
        .selectFrom("blog_versions")
        .select(["published_at", "blog_id"])
        .where("code", "=", code)
        .where("status", "=", "published")
        .where("published_at", "is not", null)
        .$if(from !== null, (query) => query.where(sql<boolean>`(published_at, blog_id) < (${from!.publishedAt}, ${from!.id})`))
        .orderBy("published_at", "desc")
        .orderBy("blog_id", "desc")
        .limit(ANCHOR_BATCH)
        .execute();
      for (const row of rows) {
        const key: ListKey = { publishedAt: row.published_at!, id: row.blog_id };
        if (total % ANCHOR_STRIDE === 0) anchors.push(key);
        total += 1;
        after = key;
      }
      if (rows.length < ANCHOR_BATCH) return { total, anchors };
      await yieldToEventLoop();
    }
  }

  function listIndex(code: string): Promise<ListIndex> {
    let index = listIndexes.get(code);
    if (!index) {
      index = buildListIndex(code);
      listIndexes.set(code, index);
      index.catch(() => listIndexes.delete(code));
    }
    return index;
  }

  /** Renders (and stores) versions whose stored HTML is missing or from an older renderer; the Markdown is read only for those. */
  async function withCurrentRender<Row extends { id: number; code: string; html: string | null; renderer_version: number; reading_minutes: number }>(
    rows: Row[],
  ): Promise<(Row & { html: string })[]> {
    return Promise.all(
      rows.map(async (row) => {
        if (isCurrentRender(row)) return row;
        const { body } = await db.selectFrom("blog_versions").select("body").where("id", "=", row.id).executeTakeFirstOrThrow();
        const rendered = await renderVersionFrom(db, body, row.code);
        await db.updateTable("blog_versions").set(rendered).where("id", "=", row.id).execute();
        return { ...row, ...rendered };
      }),
    );
  }

  return {
    /** Number of published versions in a language (from the anchor index). */
    async countIn(code: string): Promise<number> {
      return (await listIndex(code)).total;
    },

    /** `limit` entries of a language's list starting at position `offset`, by keyset from the nearest anchor. */
    async listPage(code: string, offset: number, limit: number): Promise<ListedVersion[]> {
      const index = offset < ANCHOR_STRIDE ? null : await listIndex(code);
      const anchor = index?.anchors[Math.floor(offset / ANCHOR_STRIDE)] ?? null;
      if (index && !anchor) return [];
      const rows = await publishedIn(code)
        .select(LISTED_COLUMNS)
        .$if(anchor !== null, (query) =>
          query.where(sql<boolean>`(blog_versions.published_at, blog_versions.blog_id) <= (${anchor!.publishedAt}, ${anchor!.id})`),
        )
        .orderBy("blog_versions.published_at", "desc")
        .orderBy("blog_versions.blog_id", "desc")
        .limit(limit)
        .offset(anchor ? offset % ANCHOR_STRIDE : offset)
        .execute();
      return withCoverImages(
        db,
        rows.map((row) => ({ ...row, publishedAt: row.publishedAt! })),
      );
    },

    /** A page of the published versions in a language of articles carrying `tag`, newest first, and whether more follow. */
    async taggedPage(code: string, tag: string, offset: number, limit: number): Promise<{ items: ListedVersion[]; total: number }> {
      const tagged = publishedIn(code).innerJoin("blog_tags", "blog_tags.blog_id", "blog_versions.blog_id").where("blog_tags.tag", "=", tag);
      const [rows, count] = await Promise.all([
        tagged
          .select(LISTED_COLUMNS)
          .orderBy("blog_versions.published_at", "desc")
          .orderBy("blog_versions.blog_id", "desc")
          .limit(limit)
          .offset(offset)
          .execute(),
        tagged.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirst(),
      ]);
      return {
        items: await withCoverImages(
          db,
          rows.map((row) => ({ ...row, publishedAt: row.publishedAt! })),
        ),
        total: Number(count?.count ?? 0),
      };
    },

    /** One article with its published versions, or null when it has none. */
    async published(id: number): Promise<PublishedArticle | null> {
      const blog = await db.selectFrom("blogs").selectAll().where("id", "=", id).executeTakeFirst();
      if (!blog) return null;
      const rows = await withCurrentRender(
        await db
          .selectFrom("blog_versions")
          .select(["id", "code", "slug", "title", "summary", "html", "renderer_version", "reading_minutes", "cover_alt", "published_at", "updated_at"])
          .where("blog_id", "=", id)
          .where("status", "=", "published")
          .execute(),
      );
      if (rows.length === 0) return null;
      const versions = new Map<string, PublishedVersion>(
        rows.map((row) => [
          row.code,
          {
            code: row.code,
            slug: row.slug,
            title: row.title,
            summary: row.summary,
            html: row.html,
            coverAlt: row.cover_alt,
            readingMinutes: row.reading_minutes,
            publishedAt: row.published_at ?? row.updated_at,
            updatedAt: row.updated_at,
          },
        ]),
      );
      const { coverImage } = (await withCoverImages(db, [blog]))[0]!;
      return { id: blog.id, key: blog.key, author: blog.author, cover: blog.cover, coverImage, tags: JSON.parse(blog.tags) as string[], versions };
    },

    /** Published versions of articles with ids in [fromId, toId), for a sitemap chunk. */
    async publishedSlugs(fromId: number, toId: number) {
      return db
        .selectFrom("blog_versions")
        .select(["blog_id", "code", "slug", "updated_at"])
        .where("status", "=", "published")
        .where("blog_id", ">=", fromId)
        .where("blog_id", "<", toId)
        .orderBy("blog_id")
        .orderBy("code")
        .execute();
    },

    /** The highest id of an article with a published version (sitemap chunk count), 0 when none. */
    async highestPublishedId(): Promise<number> {
      const row = await db
        .selectFrom("blog_versions")
        .select((eb) => eb.fn.max("blog_id").as("id"))
        .where("status", "=", "published")
        .executeTakeFirst();
      return Number(row?.id ?? 0);
    },

    /** Latest change of a published version with an article id in [fromId, toId) (a sitemap chunk's lastmod). */
    async lastModifiedBetween(fromId: number, toId: number): Promise<string | null> {
      const row = await db
        .selectFrom("blog_versions")
        .select((eb) => eb.fn.max("updated_at").as("updated"))
        .where("status", "=", "published")
        .where("blog_id", ">=", fromId)
        .where("blog_id", "<", toId)
        .executeTakeFirst();
      return (row?.updated as string | null | undefined) ?? null;
    },

    /**
     * Articles with an id above `afterId`, in id order, with their versions' sources:
     * only articles with a published version, and only those versions, unless `drafts` is set.
     */
    async sources(afterId: number, limit: number, drafts = false) {
      const blogs = await db
        .selectFrom("blogs")
        .selectAll()
        .where("id", ">", afterId)
        .$if(!drafts, (query) =>
          query.where((eb) =>
            eb.exists(eb.selectFrom("blog_versions").select("blog_versions.id").whereRef("blog_versions.blog_id", "=", "blogs.id").where("blog_versions.status", "=", "published")),
          ),
        )
        .orderBy("id")
        .limit(limit)
        .execute();
      if (blogs.length === 0) return [];
      const versions = await db
        .selectFrom("blog_versions")
        .select(["blog_id", "code", "slug", "title", "summary", "body", "cover_alt", "status", "published_at", "updated_at"])
        .$if(!drafts, (query) => query.where("status", "=", "published"))
        .where(
          "blog_id",
          "in",
          blogs.map((blog) => blog.id),
        )
        .orderBy("code")
        .execute();
      const byArticle = Map.groupBy(versions, (version) => version.blog_id);
      return blogs.map((blog) => ({ blog, versions: byArticle.get(blog.id) ?? [] }));
    },

    /** Forgets the cached list indexes of these languages (all when none are named): their lists changed. */
    forgetLists(codes?: Iterable<string>) {
      if (codes === undefined) listIndexes.clear();
      else for (const code of codes) listIndexes.delete(code);
    },
  };
}

export type ArticleReader = ReturnType<typeof createArticleReader>;
