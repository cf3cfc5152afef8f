/**
 * The one write path for articles, shared by the admin article service and the
 * content CLI (`npm run content -- import`): a version's Markdown is rendered
 * when it is saved, the tag index follows the article's tags, and each write
 * reports which articles it touched (languages and tags before and after) so
 * caches everywhere drop exactly what shows them. Later features (revisions,
 * translation status) hook in here.
 */
import type { Kysely, Transaction } from "kysely";
import type { AppServices } from "../../app/context.ts";
import type { Database } from "../db/schema.ts";
import { articleChange, type ArticleChange } from "./changes.ts";
import { renderVersion, type RenderedVersion } from "./rendering.ts";

type Db = Kysely<Database> | Transaction<Database>;

export interface VersionSource {
  slug: string;
  title: string;
  summary: string;
  body: string;
  coverAlt: string;
  status: "draft" | "published";
}

/** A version's stored columns: publication date set on first publication and kept after, HTML rendered now unless given. */
export function versionColumns(source: VersionSource, publishedBefore: string | null | undefined, now: string, rendered: RenderedVersion = renderVersion(source.body)) {
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

/** Languages of an article's versions and its tags: what pages show it. */
export async function articleState(db: Db, articleId: number): Promise<{ languages: string[]; tags: string[] }> {
  const [versions, tags] = await Promise.all([
    db.selectFrom("blog_versions").select("code").where("blog_id", "=", articleId).execute(),
    db.selectFrom("blog_tags").select("tag").where("blog_id", "=", articleId).execute(),
  ]);
  return { languages: versions.map((version) => version.code), tags: tags.map((row) => row.tag) };
}

/**
 * Runs an article write in one transaction, then tells the content store what
 * changed (here and on every other instance). `work` returns its result and the
 * ids of the articles it touched; their state before (`before`) and after is compared.
 */
export async function writeArticles<T>(
  services: Pick<AppServices, "database" | "content">,
  touchedBefore: number[],
  work: (trx: Transaction<Database>) => Promise<{ result: T; touched: number[] }>,
): Promise<T> {
  const { result, changes } = await services.database.db.transaction().execute(async (trx) => {
    const before = new Map(await Promise.all(touchedBefore.map(async (id) => [id, await articleState(trx, id)] as const)));
    const { result, touched } = await work(trx);
    const changes: ArticleChange[] = [];
    for (const id of new Set([...touchedBefore, ...touched])) changes.push(articleChange(id, before.get(id), await articleState(trx, id)));
    return { result, changes };
  });
  if (changes.length > 0) await services.content.changed({ kind: "articles", articles: changes });
  return result;
}
