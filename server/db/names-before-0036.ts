/**
 * The database's names before migration 0036 (one vocabulary, docs/decisions/0190-one-vocabulary.md), for the
 * code that still meets a database as an older release left it: the migrations before 0036, which call the
 * search index's writers on their tables, and the tests that fill such a database. One list of the renames;
 * migration 0036 applies it, `withNamesBefore0036` reads it backwards.
 * codemod-vocabulary: skip (this file names both vocabularies on purpose)
 */
import {
  OperationNodeTransformer,
  type IdentifierNode,
  type Kysely,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryId,
  type QueryResult,
  type RawNode,
  type RootOperationNode,
  type UnknownRow,
} from "kysely";
import type { Database, DatabaseBefore0060 } from "./schema.ts";

/** Old table name → new. */
export const RENAMED_TABLES = {
  blogs: "articles",
  blog_versions: "article_versions",
  blog_tags: "article_tags",
  blog_revisions: "article_revisions",
  blog_drafts: "article_drafts",
  blog_schedules: "article_schedules",
  blog_source_revisions: "article_source_revisions",
  translates: "translations",
  codes_romes: "rome_jobs",
} as const;

/** The tables (by their new names) whose blog_id column becomes article_id. */
export const TABLES_WITH_ARTICLE_ID = [
  "article_versions",
  "article_tags",
  "media_usage",
  "article_revisions",
  "article_drafts",
  "article_schedules",
  "preview_links",
  "article_source_revisions",
  "search_entries",
  "published_tags",
  "version_presence",
] as const;

/** Old column name → new. */
export const RENAMED_COLUMNS = { blog_id: "article_id" } as const;

/** A name or SQL text in the words before 0036: renamedIdentifier backwards (articles → blogs, article → blog, …). */
export function inWordsBefore0036(text: string): string {
  return text
    .replaceAll("rome_jobs", "codes_romes")
    .replaceAll("translations", "translates")
    .replaceAll("articles", "blogs")
    .replaceAll("article", "blog");
}

/** An index, constraint or sequence name in the new words: blogs_pkey → articles_pkey, blog_versions_status_blog_index → article_versions_status_article_index. */
export function renamedIdentifier(name: string): string {
  return name
    .replaceAll("codes_romes", "rome_jobs")
    .replaceAll("translates", "translations")
    .replaceAll("blogs", "articles")
    .replaceAll("blog", "article");
}

const RENAMES: [string, string][] = Object.entries({ ...RENAMED_TABLES, ...RENAMED_COLUMNS });
/** The renamed columns' names, old and new: those a result row is keyed by. */
const COLUMN_NAMES: ReadonlySet<string> = new Set(Object.entries(RENAMED_COLUMNS).flat());

/** A Kysely plugin writing each name of `renames` (from → to) in queries, raw SQL included, and reading the renamed columns back under their first names. */
class RenamingPlugin extends OperationNodeTransformer implements KyselyPlugin {
  readonly #names: Map<string, string>;
  readonly #columnsBack: Map<string, string>;
  readonly #words: RegExp;

  constructor(renames: readonly [string, string][]) {
    super();
    this.#names = new Map(renames);
    this.#columnsBack = new Map(renames.filter(([from]) => COLUMN_NAMES.has(from)).map(([from, to]) => [to, from]));
    // A name standing alone as an SQL word (an underscore is part of a word), longest first.
    const alternatives = [...this.#names.keys()].sort((a, b) => b.length - a.length).join("|");
    this.#words = new RegExp(`(?<![A-Za-z0-9_])(${alternatives})(?![A-Za-z0-9_])`, "g");
  }

  protected override transformIdentifier(node: IdentifierNode, queryId?: QueryId): IdentifierNode {
    const renamed = this.#names.get(node.name);
    return renamed === undefined ? super.transformIdentifier(node, queryId) : { ...node, name: renamed };
  }

  protected override transformRaw(node: RawNode, queryId?: QueryId): RawNode {
    const raw = super.transformRaw(node, queryId);
    return {
      ...raw,
      sqlFragments: raw.sqlFragments.map((fragment) => fragment.replace(this.#words, (word) => this.#names.get(word)!)),
    };
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.transformNode(args.node, args.queryId);
  }

  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (!result.rows.some((row) => Object.keys(row).some((key) => this.#columnsBack.has(key)))) return result;
    return {
      ...result,
      rows: result.rows.map((row) =>
        Object.fromEntries(Object.entries(row).map(([key, value]) => [this.#columnsBack.get(key) ?? key, value])),
      ),
    };
  }
}

/** `db`, on a database not yet migrated to 0036, as code written for today's names can use it. */
export function withNamesBefore0036<DB>(db: Kysely<DB>): Kysely<Database> {
  return db.withPlugin(new RenamingPlugin(RENAMES.map(([old, today]) => [today, old]))) as unknown as Kysely<Database>;
}

/** `db`, on a database migrated past 0036, as code written for the names before it (a migration before 0036 run again by a test) can use it. */
export function withNamesSince0036<DB>(db: Kysely<DB>): Kysely<unknown> {
  return db.withPlugin(new RenamingPlugin(RENAMES)) as Kysely<unknown>;
}

type OldTableName<K> = {
  [Old in keyof typeof RENAMED_TABLES]: (typeof RENAMED_TABLES)[Old] extends K ? Old : never;
}[keyof typeof RENAMED_TABLES];
type OldColumns<T> = { [C in keyof T as C extends "article_id" ? "blog_id" : C]: T[C] };

/** The tables as the migrations before 0036 see them: old names, and blog_id for article_id. */
export type DatabaseBefore0036 = {
  [K in keyof DatabaseBefore0060 as [OldTableName<K>] extends [never] ? K : OldTableName<K>]: OldColumns<
    DatabaseBefore0060[K]
  >;
};
