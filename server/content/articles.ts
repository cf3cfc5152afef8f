/**
 * Articles read on demand (docs/decisions/0030-content-on-demand.md): every
 * query seeks on an index and returns a bounded number of rows, whatever the
 * archive's size. A language's list is ordered by (published_at, id), newest
 * first, so equal timestamps still have one stable order; `?page=N` is served
 * by keyset from a sparse anchor index (the key of every 16th page), so page 1
 * and page 5 000 cost the same.
 */
import { sql, type Kysely } from "kysely";
import type { BlogVersionsTable, Database } from "#server/db/schema.ts";
import { mediaIdOf, type MediaRendition } from "#core/media-rules.ts";
import { loadRenditions } from "#server/media/renditions.ts";
import { isCurrentRender, renderVersionFrom } from "./rendering.ts";
import { isPublishedVersion } from "./published.ts";
import { searchEntries } from "#server/db/full-text.ts";
import { SLICE_MS } from "#server/db/statement-turns.ts";

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

export interface ListKey {
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
/** Index rows read per query while building an anchor index: each batch is a short, bounded block of the event loop (4 000 a batch: 15–25 ms at 10 000 articles). */
const ANCHOR_BATCH = 1_000;

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

/** Joins a fallback list's language codes into its index's key (a code never contains a space). */
const LIST_KEY_SEPARATOR = " ";

/** Orders list keys: positive when `a` comes later in publication order (newer, or the same instant and a higher id). */
function compareKeys(a: ListKey, b: ListKey): number {
  if (a.publishedAt !== b.publishedAt) return a.publishedAt > b.publishedAt ? 1 : -1;
  return a.id - b.id;
}

/** Lets other requests run between batches of synchronous SQLite work. */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A heavy read's way to share the event loop: the function it returns yields to other requests once
 * the read has run `sliceMs` since its last turn, and costs a clock reading otherwise. Called between
 * rows and small queries, it bounds the wait by the work done rather than by a count of items
 * (a sitemap child that yielded every 100 articles blocked 25–39 ms at a time, bench/README.md).
 */
export function eventLoopTurns(sliceMs = SLICE_MS): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < sliceMs) return;
    await yieldToEventLoop();
    since = performance.now();
  };
}

export function createArticleReader(db: Kysely<Database>) {
  const listIndexes = new Map<string, Promise<ListIndex>>();

  function publishedIn(code: string) {
    return db
      .selectFrom("blog_versions")
      .innerJoin("blogs", "blogs.id", "blog_versions.blog_id")
      .where("blog_versions.code", "=", code)
      .where(isPublishedVersion);
  }

  /**
   * A language's published versions, keyset-ordered, leaving out articles published in any of
   * `before` (the languages ahead of it in a fallback list): seeks on the published-order index
   * and probes the (blog_id, code) unique index.
   */
  function publishedOnlyIn(code: string, before: readonly string[]) {
    return publishedIn(code).$if(before.length > 0, (query) =>
      query.where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom("blog_versions as earlier")
              .select("earlier.id")
              .whereRef("earlier.blog_id", "=", "blog_versions.blog_id")
              .where("earlier.code", "in", [...before])
              .where("earlier.status", "=", "published")
              .where("earlier.published_at", "is not", null),
          ),
        ),
      ),
    );
  }

  /** Up to `limit` list keys of one stream of a fallback list, after `from` and not past `until` (both exclusive, desc order). */
  async function streamKeys(codes: readonly string[], index: number, from: ListKey | null, limit: number): Promise<ListKey[]> {
    const rows = await publishedOnlyIn(codes[index]!, codes.slice(0, index))
      .select(["blog_versions.published_at as publishedAt", "blog_versions.blog_id as id"])
      .$if(from !== null, (query) => query.where(sql<boolean>`(blog_versions.published_at, blog_versions.blog_id) < (${from!.publishedAt}, ${from!.id})`))
      .orderBy("blog_versions.published_at", "desc")
      .orderBy("blog_versions.blog_id", "desc")
      .limit(limit)
      .execute();
    return rows.map((row) => ({ publishedAt: row.publishedAt!, id: row.id }));
  }

  /** The anchor index of a fallback list (its own language first): a k-way merge of its streams, read in batches. */
  async function buildMergedIndex(codes: readonly string[]): Promise<ListIndex> {
    const streams = codes.map(() => ({ buffer: [] as ListKey[], position: 0, done: false }));
    const anchors: ListKey[] = [];
    let total = 0;
    for (;;) {
      for (const [index, stream] of streams.entries()) {
        if (stream.position < stream.buffer.length || stream.done) continue;
        const after = stream.buffer.at(-1) ?? null;
        stream.buffer = await streamKeys(codes, index, after, ANCHOR_BATCH);
        stream.position = 0;
        stream.done = stream.buffer.length < ANCHOR_BATCH;
        await yieldToEventLoop();
      }
      // The newest head of the streams; an article is in one stream only, so keys never tie across streams.
      let next: (typeof streams)[number] | null = null;
      for (const stream of streams) {
        if (stream.position < stream.buffer.length && (next === null || compareKeys(stream.buffer[stream.position]!, next.buffer[next.position]!) > 0)) next = stream;
      }
      if (next === null) return { total, anchors };
      const key = next.buffer[next.position]!;
      next.position += 1;
      if (total % ANCHOR_STRIDE === 0) anchors.push(key);
      total += 1;
    }
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
        .where(isPublishedVersion)
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

  /** A list's index, by its languages: one (a language's own list) or several (with its fallbacks). */
  function listIndex(codes: readonly string[]): Promise<ListIndex> {
    const code = codes.join(LIST_KEY_SEPARATOR);
    let index = listIndexes.get(code);
    if (!index) {
      index = codes.length === 1 ? buildListIndex(code) : buildMergedIndex(codes);
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
      return (await listIndex([code])).total;
    },

    /** Number of entries of a fallback list: articles published in its first language or, failing that, in one of the others. */
    async countWithFallbacks(codes: readonly string[]): Promise<number> {
      return (await listIndex(codes)).total;
    },

    /**
     * `limit` entries of a fallback list from position `offset`: each article once, in the first of
     * `codes` it is published in, newest first. One bounded query per language: each starts at the
     * window's anchor and stops at the next one, so page 1 and page 5 000 cost the same.
     */
    async listPageWithFallbacks(codes: readonly string[], offset: number, limit: number): Promise<ListedVersion[]> {
      const index = await listIndex(codes);
      const window = Math.floor(offset / ANCHOR_STRIDE);
      const anchor = index.anchors[window];
      if (!anchor) return [];
      const stop = index.anchors[Math.floor((offset + limit - 1) / ANCHOR_STRIDE) + 1] ?? null;
      const skip = offset % ANCHOR_STRIDE;
      const streams = await Promise.all(
        codes.map((code, position) =>
          publishedOnlyIn(code, codes.slice(0, position))
            .select(LISTED_COLUMNS)
            .where(sql<boolean>`(blog_versions.published_at, blog_versions.blog_id) <= (${anchor.publishedAt}, ${anchor.id})`)
            .$if(stop !== null, (query) => query.where(sql<boolean>`(blog_versions.published_at, blog_versions.blog_id) > (${stop!.publishedAt}, ${stop!.id})`))
            .orderBy("blog_versions.published_at", "desc")
            .orderBy("blog_versions.blog_id", "desc")
            .limit(skip + limit)
            .execute(),
        ),
      );
      const merged = streams
        .flat()
        .map((row) => ({ ...row, publishedAt: row.publishedAt! }))
        .sort((a, b) => compareKeys({ publishedAt: b.publishedAt, id: b.articleId }, { publishedAt: a.publishedAt, id: a.articleId }));
      return withCoverImages(db, merged.slice(skip, skip + limit));
    },

    /** `limit` entries of a language's list starting at position `offset`, by keyset from the nearest anchor. */
    async listPage(code: string, offset: number, limit: number): Promise<ListedVersion[]> {
      const index = offset < ANCHOR_STRIDE ? null : await listIndex([code]);
      const anchor = index?.anchors[Math.floor(offset / ANCHOR_STRIDE)] ?? null;
      if (index && !anchor) return [];
      const rows = await publishedIn(code)
        .select(LISTED_COLUMNS)
        .$if(anchor !== null, (query) => query.where(sql<boolean>`(blog_versions.published_at, blog_versions.blog_id) <= (${anchor!.publishedAt}, ${anchor!.id})`))
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
        tagged.select(LISTED_COLUMNS).orderBy("blog_versions.published_at", "desc").orderBy("blog_versions.blog_id", "desc").limit(limit).offset(offset).execute(),
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

    /** The latest `limit` published versions in a language with their rendered bodies, newest first (a feed). */
    async latestWithContent(code: string, limit: number) {
      const rows = await withCurrentRender(
        await publishedIn(code)
          .select([
            ...LISTED_COLUMNS,
            "blog_versions.id as id",
            "blog_versions.html as html",
            "blog_versions.renderer_version as renderer_version",
            "blog_versions.reading_minutes as reading_minutes",
            "blog_versions.updated_at as updatedAt",
          ])
          .orderBy("blog_versions.published_at", "desc")
          .orderBy("blog_versions.blog_id", "desc")
          .limit(limit)
          .execute(),
      );
      return rows.map((row) => ({ ...row, publishedAt: row.publishedAt! }));
    },

    /**
     * A page of a language's published versions carrying a tag (by its URL key), newest first,
     * starting after `after` (keyset: every page is one index range of published_tags), and the key to continue from.
     */
    async taggedAfter(code: string, tagKey: string, after: ListKey | null, limit: number): Promise<{ tag: string | null; items: ListedVersion[]; next: ListKey | null }> {
      const rows = await db
        .selectFrom("published_tags")
        .innerJoin("blog_versions", (join) => join.onRef("blog_versions.blog_id", "=", "published_tags.blog_id").onRef("blog_versions.code", "=", "published_tags.code"))
        .innerJoin("blogs", "blogs.id", "blog_versions.blog_id")
        .select([...LISTED_COLUMNS, "published_tags.tag as tag", "published_tags.published_at as tagOrder"])
        .where("published_tags.tag_key", "=", tagKey)
        .where("published_tags.code", "=", code)
        .where(isPublishedVersion)
        .$if(after !== null, (query) => query.where(sql<boolean>`(published_tags.published_at, published_tags.blog_id) < (${after!.publishedAt}, ${after!.id})`))
        .orderBy("published_tags.published_at", "desc")
        .orderBy("published_tags.blog_id", "desc")
        .limit(limit + 1)
        .execute();
      const shown = rows.slice(0, limit);
      const last = shown.at(-1);
      return {
        tag: rows[0]?.tag ?? null,
        items: await withCoverImages(
          db,
          shown.map(({ tag: _tag, tagOrder: _order, ...row }) => ({ ...row, publishedAt: row.publishedAt! })),
        ),
        next: rows.length > limit && last ? { publishedAt: last.tagOrder, id: last.articleId } : null,
      };
    },

    /** The tags of a language's published versions with how many carry each (one range of the (code, tag_key) index), by URL key. */
    async tagsIn(code: string): Promise<{ key: string; tag: string; count: number }[]> {
      const rows = await db
        .selectFrom("published_tags")
        .select((eb) => ["tag_key as key", eb.fn.min("tag").as("tag"), eb.fn.countAll<number | string>().as("count")])
        .where("code", "=", code)
        .groupBy("tag_key")
        .execute();
      return rows.map((row) => ({ key: row.key, tag: row.tag, count: Number(row.count) }));
    },

    /** The languages with a published version carrying a tag (by its URL key): where its page exists. */
    async tagLanguages(tagKey: string): Promise<string[]> {
      const rows = await db.selectFrom("published_tags").select("code").distinct().where("tag_key", "=", tagKey).execute();
      return rows.map((row) => row.code);
    },

    /** Published versions in a language matching a search, best first (server/db/full-text.ts). */
    search(code: string, query: string, limit: number, offset: number) {
      return searchEntries(db, code, query, limit, offset);
    },

    /**
     * One article with its published versions, or null when it has none, in one query.
     * With `htmlIn`, only that language's rendered body is read (an article page
     * shows one; the others only give their slugs): the rest come back with html null.
     * A draft preview (server/content/preview.ts) passes `previewCode`: that version is
     * included whatever its status, with its pending changes when it has any (decision 0150).
     */
    async published(id: number, { htmlIn, previewCode }: { htmlIn?: string; previewCode?: string } = {}): Promise<PublishedArticle | null> {
      const rows = await db
        .selectFrom("blog_versions")
        .innerJoin("blogs", "blogs.id", "blog_versions.blog_id")
        .select([
          "blog_versions.id",
          "blog_versions.code",
          "blog_versions.slug",
          "blog_versions.title",
          "blog_versions.summary",
          "blog_versions.renderer_version",
          "blog_versions.reading_minutes",
          "blog_versions.cover_alt",
          "blog_versions.updated_at",
          "blog_versions.outdated",
          "blogs.key",
          "blogs.author",
          "blogs.cover",
          "blogs.tags",
          "blogs.source_code",
          "blogs.source_changed_at",
          "blogs.updated_at as blog_updated_at",
        ])
        // A draft's date (a preview reads drafts) is not a publication date: only a published version has one.
        .select(sql<string | null>`case when ${isPublishedVersion} then blog_versions.published_at end`.as("published_at"))
        .select(htmlIn === undefined ? sql<string | null>`blog_versions.html`.as("html") : sql<string | null>`case when blog_versions.code = ${htmlIn} then blog_versions.html end`.as("html"))
        .where("blog_versions.blog_id", "=", id)
        .where((eb) =>
          previewCode === undefined
            ? isPublishedVersion
            : eb.or([isPublishedVersion, eb("blog_versions.code", "=", previewCode)]),
        )
        .execute();
      if (rows.length === 0) return null;
      const rendered = await withCurrentRender(rows.filter((row) => htmlIn === undefined || row.code === htmlIn));
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
        const pending = await db.selectFrom("blog_drafts").selectAll().where("blog_id", "=", id).where("code", "=", previewCode).executeTakeFirst();
        const shown = versions.get(previewCode);
        if (pending && shown) {
          const { html } = await renderVersionFrom(db, pending.body, previewCode);
          versions.set(previewCode, { ...shown, slug: pending.slug, title: pending.title, summary: pending.summary, coverAlt: pending.cover_alt, html, updatedAt: pending.updated_at });
        }
      }
      const blog = rows[0]!;
      const { coverImage } = (await withCoverImages(db, [blog]))[0]!;
      const source = blog.source_code === null ? null : { code: blog.source_code, changedAt: blog.source_changed_at ?? blog.blog_updated_at };
      return { id, key: blog.key, author: blog.author, cover: blog.cover, coverImage, tags: JSON.parse(blog.tags) as string[], versions, source };
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
      const byArticle = await versionsOf(
        db,
        blogs.map((blog) => blog.id),
        ["code", "slug", "title", "summary", "body", "cover_alt", "status", "published_at", "updated_at", "outdated"],
        !drafts,
      );
      return blogs.map((blog) => ({ blog, versions: byArticle.get(blog.id) ?? [] }));
    },

    /** Forgets the cached list indexes of these languages (all when none are named), fallback lists including one of them too: their lists changed. */
    forgetLists(codes?: Iterable<string>) {
      if (codes === undefined) return listIndexes.clear();
      const changed = new Set(codes);
      for (const key of [...listIndexes.keys()]) {
        if (key.split(LIST_KEY_SEPARATOR).some((code) => changed.has(code))) listIndexes.delete(key);
      }
    },
  };
}

export type ArticleReader = ReturnType<typeof createArticleReader>;

/**
 * The versions of these articles (only the published ones when `publishedOnly`), grouped by
 * article id, each in language-code order: one indexed query for a page of articles.
 */
export async function versionsOf<Column extends Exclude<keyof BlogVersionsTable, "blog_id">>(
  db: Kysely<Database>,
  ids: number[],
  columns: readonly Column[],
  publishedOnly = false,
) {
  const rows = await db
    .selectFrom("blog_versions")
    .select(["blog_id", ...columns])
    .$if(publishedOnly, (query) => query.where("status", "=", "published"))
    .where("blog_id", "in", ids)
    .orderBy("code")
    .execute();
  return Map.groupBy(rows, (row) => row.blog_id);
}
