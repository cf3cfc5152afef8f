/**
 * The one way an admin service writes: one transaction (the change, its derived
 * data and its audit entry), then — when public content changed — the content
 * store reloads here and tells every other instance (server/content/store.ts).
 */
import type { Transaction } from "kysely";
import type { AdminServices } from "#server/content/context.ts";
import { isUniqueViolation } from "#server/db/errors.ts";
import type { Database } from "#server/db/schema.ts";
import { conflict } from "#core/errors.ts";
import { articleState } from "#server/content/article-writes.ts";
import { articleChange, type ArticleChange, type ContentChange } from "#server/content/changes.ts";
import { refreshPublishedIndex } from "#server/search/published-index.ts";

export interface WriteOptions<T> {
  /**
   * What a unique-constraint failure (a concurrent write won the race past the
   * service's own checks) is reported as: a 409 naming this field. Without it, a 409 naming none.
   */
  conflict?: { field: string; message: string };
  /** Whether the committed result changed public content; by default every write did. */
  changedContent?: (result: T) => boolean;
  /**
   * An article write: the ids it touches (and the one it creates). Only the pages showing
   * those articles are refreshed, instead of everything (docs/decisions/0030-content-on-demand.md).
   */
  articles?: { ids: number[] | ((trx: Transaction<Database>) => Promise<number[]>); created?: (result: T) => number };
  /** A write whose pages are named otherwise (tags' names: decision 0221): what it changed, instead of everything. */
  change?: (result: T) => ContentChange;
}

export async function writeContent<T>(
  services: AdminServices,
  work: (trx: Transaction<Database>) => Promise<T>,
  options: WriteOptions<T> = {},
): Promise<T> {
  let result: T;
  let articles: ArticleChange[] | null = null;
  try {
    result = await services.database.db.transaction().execute(async (trx) => {
      if (!options.articles) return work(trx);
      const { created } = options.articles;
      // Computed in the transaction when the write's own data says which articles it touches (a library image's users).
      const ids = typeof options.articles.ids === "function" ? await options.articles.ids(trx) : options.articles.ids;
      const before = new Map(await Promise.all(ids.map(async (id) => [id, await articleState(trx, id)] as const)));
      const outcome = await work(trx);
      const touched = created ? [...ids, created(outcome)] : ids;
      articles = await Promise.all(
        touched.map(async (id) => articleChange(id, before.get(id), await articleState(trx, id))),
      );
      // Search and tag pages follow the write in its own transaction.
      await refreshPublishedIndex(trx, touched);
      return outcome;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const taken = options.conflict;
    if (taken) throw conflict("conflict", `${taken.field}: ${taken.message}`, taken.field);
    throw conflict("conflict", "Someone else saved a conflicting change at the same time. Reload and try again.");
  }
  if (options.changedContent?.(result) ?? true)
    await services.content.changed(
      articles ? { kind: "articles", articles } : options.change ? options.change(result) : undefined,
    );
  return result;
}
