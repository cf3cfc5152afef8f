/**
 * Article translations in the exchange file (decision 0073): one XLIFF unit per
 * translatable field of an article's version, keyed "<article key>/title", "/summary",
 * "/body", "/coverAlt" (its unit id "<article key>.title": unit-ids.ts), the favorite language's version as the source. An
 * import plans every article first (validated like the editor's save, with the
 * publish right checked), then writes through the versions' owner (server/content/versions.ts saveVersion)
 * inside the caller's writeContent transaction. A file brings no ETag: its write is unconditional (last write wins).
 */
import type { Kysely, Transaction } from "kysely";
import { versionInput, type VersionInput } from "#core/admin/articles/schema.ts";
import type { ImportReport } from "#core/admin/translations/schema.ts";
import { saveVersion } from "#server/content/versions.ts";
import type { AdminServices } from "#server/content/context.ts";
import { eventLoopTurns } from "#server/content/event-loop-turns.ts";
import type { ArticleVersionRow, Database } from "#server/db/schema.ts";
import { ARTICLE_FIELDS, ARTICLE_REPORT_PREFIX, type ArticleField, type StringUnit } from "./document.ts";

const COLUMNS = { title: "title", summary: "summary", body: "body", coverAlt: "cover_alt" } as const satisfies Record<
  ArticleField,
  keyof ArticleVersionRow
>;

const NOTES: Record<ArticleField, string> = {
  title: "Article title.",
  summary: "Article summary, shown in lists.",
  body: "Article body in Markdown: keep links, image references (media:…) and formatting marks.",
  coverAlt: "Text alternative of the cover image.",
};

/**
 * Articles fetched per query: bounded statements whatever the number of articles. Each page's
 * query reads its articles' bodies synchronously on SQLite: 50 a page blocked the event loop
 * 10–14 ms at 1 000 articles and up to 128 ms uncached at 100 000 (bench/README.md).
 */
const PAGE = 20;

/**
 * Units for every article with a version in the source language, by article key, one page of articles at a
 * time (never an empty page), so an archive's export is written as it is read; empty source fields are left out.
 */
export async function* articleUnitPages(
  db: Kysely<Database>,
  sourceCode: string,
  targetCode: string,
  pageSize = PAGE,
): AsyncGenerator<StringUnit[]> {
  let after = "";
  const turn = eventLoopTurns();
  for (;;) {
    await turn();
    const rows = await db
      .selectFrom("articles")
      .innerJoin("article_versions as source", (join) =>
        join.onRef("source.article_id", "=", "articles.id").on("source.code", "=", sourceCode),
      )
      .leftJoin("article_versions as target", (join) =>
        join.onRef("target.article_id", "=", "articles.id").on("target.code", "=", targetCode),
      )
      .select([
        "articles.key",
        "source.title as sourceTitle",
        "source.summary as sourceSummary",
        "source.body as sourceBody",
        "source.cover_alt as sourceCoverAlt",
        "target.id as targetId",
        "target.title as targetTitle",
        "target.summary as targetSummary",
        "target.body as targetBody",
        "target.cover_alt as targetCoverAlt",
      ])
      .where("articles.key", ">", after)
      .orderBy("articles.key")
      .limit(pageSize)
      .execute();
    const units: StringUnit[] = [];
    for (const row of rows) {
      const source = {
        title: row.sourceTitle,
        summary: row.sourceSummary,
        body: row.sourceBody,
        coverAlt: row.sourceCoverAlt,
      };
      const target = {
        title: row.targetTitle,
        summary: row.targetSummary,
        body: row.targetBody,
        coverAlt: row.targetCoverAlt,
      };
      for (const field of ARTICLE_FIELDS) {
        if (source[field] === "") continue;
        const translated = row.targetId === null ? null : (target[field] ?? null);
        units.push({
          key: `${row.key}/${field}`,
          source: source[field],
          target: translated,
          state: translated === null ? "initial" : "translated",
          note: NOTES[field],
        });
      }
    }
    if (units.length > 0) yield units;
    if (rows.length < pageSize) return;
    after = rows.at(-1)!.key;
  }
}

/** One version an import writes. */
export interface ArticleWrite {
  id: number;
  input: VersionInput;
}

function splitKey(key: string): { article: string; field: ArticleField } | null {
  const slash = key.lastIndexOf("/");
  const field = key.slice(slash + 1);
  return slash > 0 && (ARTICLE_FIELDS as readonly string[]).includes(field)
    ? { article: key.slice(0, slash), field: field as ArticleField }
    : null;
}

/**
 * Adds the articles' changes, unknown keys and problems to the report; returns the versions to write.
 * A field without a target keeps its current text; a new version needs a title and is a draft; a published
 * version changed by a translator without the publish right gets the changes as pending changes.
 */
export async function planArticles(
  db: Kysely<Database>,
  units: readonly StringUnit[],
  targetCode: string,
  mayPublish: boolean,
  report: ImportReport,
): Promise<ArticleWrite[]> {
  const byArticle = new Map<string, Map<ArticleField, StringUnit>>();
  for (const unit of units) {
    const parts = splitKey(unit.key);
    if (parts === null) {
      report.unknown.push(`${ARTICLE_REPORT_PREFIX}${unit.key}`);
      continue;
    }
    if (!byArticle.has(parts.article)) byArticle.set(parts.article, new Map());
    byArticle.get(parts.article)!.set(parts.field, unit);
  }
  const keys = [...byArticle.keys()];
  const articles = new Map<string, number>();
  const versions = new Map<number, ArticleVersionRow>();
  for (let start = 0; start < keys.length; start += PAGE) {
    const rows = await db
      .selectFrom("articles")
      .select(["id", "key"])
      .where("key", "in", keys.slice(start, start + PAGE))
      .execute();
    for (const row of rows) articles.set(row.key, row.id);
    const ids = rows.map((row) => row.id);
    if (ids.length === 0) continue;
    const existing = await db
      .selectFrom("article_versions")
      .selectAll()
      .where("code", "=", targetCode)
      .where("article_id", "in", ids)
      .execute();
    for (const version of existing) versions.set(version.article_id, version);
  }

  const writes: ArticleWrite[] = [];
  for (const [key, fields] of byArticle) {
    const id = articles.get(key);
    if (id === undefined) {
      report.unknown.push(`${ARTICLE_REPORT_PREFIX}${key}`);
      continue;
    }
    const current = versions.get(id);
    const translated = [...fields.values()].filter((unit) => unit.target !== null);
    report.untranslated += fields.size - translated.length;
    if (translated.length === 0) continue;
    const text = (field: ArticleField) =>
      fields.get(field)?.target ?? current?.[COLUMNS[field]] ?? (field === "title" ? undefined : "");
    const checked = versionInput.safeParse({
      title: text("title"),
      slug: current?.slug,
      summary: text("summary"),
      body: text("body"),
      coverAlt: text("coverAlt"),
      status: current?.status ?? "draft",
    });
    if (!checked.success) {
      const issue = checked.error.issues[0]!;
      const field = String(issue.path[0] ?? "title");
      const message =
        current === undefined && field === "title"
          ? "title: a new version needs a title."
          : `${field}: ${issue.message}.`;
      report.problems.push({ key: `${ARTICLE_REPORT_PREFIX}${key}`, message });
      continue;
    }
    const input = checked.data;
    const changed = ARTICLE_FIELDS.filter((field) => {
      const target = fields.get(field)?.target;
      return target !== undefined && target !== null && input[field] !== (current?.[COLUMNS[field]] ?? null);
    });
    report.unchanged += translated.length - changed.length;
    if (changed.length === 0) continue;
    for (const field of changed)
      report.changes.push({
        key: `${ARTICLE_REPORT_PREFIX}${key}/${field}`,
        before: current?.[COLUMNS[field]] ?? null,
        after: input[field],
      });
    // A translator without the publish right updates a live translation as pending changes beside its live text
    // (decision 0150), for an editor to review and publish; one who may publish makes it live, as a save does.
    writes.push({ id, input: !mayPublish && current?.status === "published" ? { ...input, status: "draft" } : input });
  }
  return writes;
}

/** Writes the planned versions in the caller's transaction (each with its revision and audit entry, by saveVersion). */
export async function applyArticles(
  trx: Transaction<Database>,
  services: AdminServices,
  uid: string,
  targetCode: string,
  writes: readonly ArticleWrite[],
  mayPublish: boolean,
): Promise<void> {
  const versionWrite = { services, preconditions: null, actor: { uid, auditUid: uid, mayPublish } };
  for (const write of writes) await saveVersion(trx, versionWrite, write.id, targetCode, write.input);
}
