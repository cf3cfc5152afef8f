/**
 * Articles read on demand (docs/decisions/0030-content-on-demand.md): every
 * query seeks on an index and returns a bounded number of rows, whatever the
 * archive's size. The reader is composed of one group of reads per use: the
 * published lists (published-lists.ts), articles by tag (tagged-articles.ts) and tags' names (tag-names.ts),
 * the reads with rendered bodies (rendered-articles.ts), the archive walked by
 * id (archive-reads.ts), and search (server/db/full-text.ts).
 */
import type { Kysely } from "kysely";
import type { Logger } from "#server/base/log.ts";
import type { Database } from "#server/db/schema.ts";
import { searchEntries } from "#server/search/entries.ts";
import { createArchiveReads } from "./archive-reads.ts";
import { createPublishedLists } from "./published-lists.ts";
import { createRenderedArticleReads } from "./rendered-articles.ts";
import { createTaggedReads } from "./tagged-articles.ts";
import { createTagNameReads } from "./tag-names.ts";

export function createArticleReader(db: Kysely<Database>, log: Pick<Logger, "warn">) {
  return {
    ...createPublishedLists(db),
    ...createTaggedReads(db),
    ...createTagNameReads(db),
    ...createRenderedArticleReads(db, log),
    ...createArchiveReads(db),

    /** Published versions in a language matching a search, best first (server/db/full-text.ts). */
    search(code: string, query: string, limit: number, offset: number) {
      return searchEntries(db, code, query, limit, offset);
    },
  };
}

export type ArticleReader = ReturnType<typeof createArticleReader>;
