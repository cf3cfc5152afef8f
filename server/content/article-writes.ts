/**
 * The one write path for articles, shared by the admin article service (through
 * server/admin/content-write.ts), the seed and the content CLI
 * (`npm run content -- import`): a version's Markdown is rendered when it is
 * saved, the tag index follows the article's tags, and a write's before/after
 * state (articleState) says which pages show what changed. Later features
 * (revisions, translation status) hook in here.
 */
import type { Kysely, Transaction } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { articleChange, type ArticleChange, type ArticleState } from "./changes.ts";
import type { RenderedVersion } from "./rendering.ts";
import { syncMediaUsage } from "#server/media/usage.ts";

type Db = Kysely<Database> | Transaction<Database>;

export interface VersionSource {
  slug: string;
  title: string;
  summary: string;
  body: string;
  coverAlt: string;
  status: "draft" | "published";
}

/** A version's stored columns: publication date set on first publication and kept after, with its rendering (rendering.ts). */
export function versionColumns(source: VersionSource, publishedBefore: string | null | undefined, now: string, rendered: RenderedVersion) {
  return {
    slug: source.slug,
    title: source.title,
    summary: source.summary,
    body: source.body,
    cover_alt: source.coverAlt,
    status: source.status,
    published_at: publishedBefore ?? (source.status === "published" ? now : null),
    updated_at: now,
    ...rendered,
  };
}

/** Makes the tag index match an article's tags. */
export async function replaceTags(db: Db, articleId: number, tags: readonly string[]): Promise<void> {
  await db.deleteFrom("blog_tags").where("blog_id", "=", articleId).execute();
  const unique = [...new Set(tags)];
  if (unique.length > 0) await db.insertInto("blog_tags").values(unique.map((tag) => ({ tag, blog_id: articleId }))).execute();
}

/** Languages of an article's versions, its tags and its list positions: what pages show it. */
export async function articleState(db: Db, articleId: number): Promise<ArticleState & { languages: string[]; tags: string[]; listed: string[] }> {
  const [versions, tags] = await Promise.all([
    db.selectFrom("blog_versions").select(["code", "status", "published_at"]).where("blog_id", "=", articleId).execute(),
    db.selectFrom("blog_tags").select("tag").where("blog_id", "=", articleId).execute(),
  ]);
  return {
    languages: versions.map((version) => version.code),
    tags: tags.map((row) => row.tag),
    listed: versions.filter((version) => version.status === "published").map((version) => `${version.code}@${version.published_at}`),
  };
}

/** An article as a bulk import brings it: identified by its key, versions by language code. */
export interface ArticleSource {
  key: string;
  author: string;
  cover: string | null;
  tags: string[];
  versions: Map<string, VersionSource>;
}

/** Rows inserted per statement: well under SQLite's 32 766 bound parameters. */
const INSERT_CHUNK = 200;

async function insertInChunks<Row>(rows: Row[], insert: (chunk: Row[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) await insert(rows.slice(start, start + INSERT_CHUNK));
}

/**
 * Creates or updates articles by key, with their versions (a version not in the
 * source is kept), in the caller's transaction. `rendered` holds each version's
 * rendering in the sources' order (from the render pool). Returns what changed.
 */
export async function upsertArticles(trx: Transaction<Database>, sources: ArticleSource[], rendered: RenderedVersion[], now: string): Promise<ArticleChange[]> {
  if (sources.length === 0) return [];
  const existing = await trx
    .selectFrom("blogs")
    .select(["id", "key"])
    .where(
      "key",
      "in",
      sources.map((source) => source.key),
    )
    .execute();
  const idByKey = new Map(existing.map((row) => [row.key, row.id]));
  const existingIds = existing.map((row) => row.id);
  const before = new Map<number, { languages: string[]; tags: string[] }>();
  const published = new Map<string, string | null>();
  if (existingIds.length > 0) {
    const [versions, tags] = await Promise.all([
      trx.selectFrom("blog_versions").select(["blog_id", "code", "published_at"]).where("blog_id", "in", existingIds).execute(),
      trx.selectFrom("blog_tags").select(["blog_id", "tag"]).where("blog_id", "in", existingIds).execute(),
    ]);
    for (const id of existingIds) before.set(id, { languages: [], tags: [] });
    for (const version of versions) {
      before.get(version.blog_id)!.languages.push(version.code);
      published.set(`${version.blog_id}:${version.code}`, version.published_at);
    }
    for (const tag of tags) before.get(tag.blog_id)!.tags.push(tag.tag);
  }

  const fresh = sources.filter((source) => !idByKey.has(source.key));
  await insertInChunks(fresh, async (chunk) => {
    const rows = await trx
      .insertInto("blogs")
      .values(chunk.map((source) => ({ key: source.key, author: source.author, cover: source.cover, tags: JSON.stringify(source.tags), created_at: now, updated_at: now })))
      .returning(["id", "key"])
      .execute();
    for (const row of rows) idByKey.set(row.key, row.id);
  });
  for (const source of sources) {
    if (fresh.includes(source)) continue;
    await trx
      .updateTable("blogs")
      .set({ author: source.author, cover: source.cover, tags: JSON.stringify(source.tags), updated_at: now })
      .where("id", "=", idByKey.get(source.key)!)
      .execute();
  }
  if (existingIds.length > 0) await trx.deleteFrom("blog_tags").where("blog_id", "in", existingIds).execute();
  await insertInChunks(
    sources.flatMap((source) => [...new Set(source.tags)].map((tag) => ({ tag, blog_id: idByKey.get(source.key)! }))),
    (chunk) => trx.insertInto("blog_tags").values(chunk).execute(),
  );

  const inserts = [];
  let index = 0;
  for (const source of sources) {
    const id = idByKey.get(source.key)!;
    for (const [code, version] of source.versions) {
      const slot = `${id}:${code}`;
      const columns = versionColumns(version, published.get(slot), now, rendered[index++]!);
      if (published.has(slot)) await trx.updateTable("blog_versions").set(columns).where("blog_id", "=", id).where("code", "=", code).execute();
      else inserts.push({ blog_id: id, code, ...columns });
    }
  }
  await insertInChunks(inserts, (chunk) => trx.insertInto("blog_versions").values(chunk).execute());
  await syncMediaUsage(trx, [...idByKey.values()]);
  return sources.map((source) => {
    const id = idByKey.get(source.key)!;
    return articleChange(id, before.get(id), { languages: source.versions.keys(), tags: source.tags });
  });
}
