/**
 * An article's translation facts (core/translation-status.ts) as the database keeps them: the source language
 * and revision on `articles`, each version's base and Outdated flag, the source texts kept to show a translator
 * what changed (`article_source_revisions`). Read and written by the one owner of version writes
 * (server/content/versions.ts), the import (./article-writes.ts) and the seed.
 */
import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "#server/db/schema.ts";
import {
  isOutdated,
  oldestNeededRevision,
  restatedBase,
  type TranslationOutcome,
  type TranslationState,
} from "#core/translation-status.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** An article's translation facts as stored. */
export async function loadTranslationState(db: Db, articleId: number): Promise<TranslationState> {
  const [blog, versions] = await Promise.all([
    db.selectFrom("articles").select(["source_code", "source_revision"]).where("id", "=", articleId).executeTakeFirst(),
    db.selectFrom("article_versions").select(["code", "base_revision"]).where("article_id", "=", articleId).execute(),
  ]);
  return {
    source: blog?.source_code ?? null,
    revision: blog?.source_revision ?? 0,
    bases: new Map(versions.map((version) => [version.code, version.base_revision])),
  };
}

/**
 * Per version of an article, the History number of its current text: its newest revision holding that
 * title, summary, body and cover description (a source's revision when it becomes the source, decision 0168).
 */
export async function textRevisions(db: Db, articleId: number): Promise<Map<string, number>> {
  // A text whose revision History no longer keeps (pruned behind many drafts) is named by the newest revision.
  const rows = await db
    .selectFrom("article_revisions as r")
    .innerJoin("article_versions as v", (join) =>
      join.onRef("v.article_id", "=", "r.article_id").onRef("v.code", "=", "r.code"),
    )
    .select([
      "r.code",
      sql<number>`coalesce(max(case when r.text_in_version = 1 or (r.title = v.title and r.summary = v.summary and r.cover_alt = v.cover_alt and r.body = v.body) then r.number end), max(r.number))`.as(
        "number",
      ),
    ])
    .where("r.article_id", "=", articleId)
    .groupBy("r.code")
    .execute();
  return new Map(rows.map((row) => [row.code, Number(row.number)]));
}

/** What one write made of an article's translation facts: `before` as stored, the outcome to store. */
export interface TranslationWrite {
  articleId: number;
  before: TranslationState;
  outcome: TranslationOutcome;
  /** Its versions were inserted with the outcome's bases and Outdated flags (a new article's import): none to update. */
  versionsStored?: boolean;
}

/** Rows (or ids) per statement: well under SQLite's 32 766 bound parameters. */
const ROWS_PER_STATEMENT = 200;

/** Runs `statement` on the items ROWS_PER_STATEMENT at a time, in order. */
export async function inChunks<Item>(
  items: readonly Item[],
  statement: (chunk: Item[]) => Promise<unknown>,
): Promise<void> {
  for (let start = 0; start < items.length; start += ROWS_PER_STATEMENT)
    await statement(items.slice(start, start + ROWS_PER_STATEMENT));
}

/**
 * Stores what a write made of an article's translation facts (`before` as stored, the versions
 * already written): the article's source and revision, the bases and outdated flags that changed,
 * the source's text as the snapshot of its revision when asked, and no snapshot older than any base.
 */
export async function storeTranslationState(
  db: Db,
  articleId: number,
  before: TranslationState,
  outcome: TranslationOutcome,
  now: string,
): Promise<void> {
  await storeTranslationStates(db, [{ articleId, before, outcome }], now);
}

/**
 * storeTranslationState for many articles at once (an import's batch): each kind of change is one
 * statement per distinct value instead of one per article. On PostgreSQL every statement is a round
 * trip, and a batch of 500 articles made 3 000 of them (decision 0133).
 */
export async function storeTranslationStates(db: Db, writes: readonly TranslationWrite[], now: string): Promise<void> {
  const sourceChanges = writes.filter(
    ({ before, outcome: { state } }) => state.source !== before.source || state.revision !== before.revision,
  );
  for (const group of Map.groupBy(sourceChanges, ({ before, outcome: { state } }) =>
    JSON.stringify([state.source, state.revision, state.revision !== before.revision]),
  ).values()) {
    const {
      before,
      outcome: { state },
    } = group[0]!;
    await inChunks(
      group.map((write) => write.articleId),
      (ids) =>
        db
          .updateTable("articles")
          .set({
            source_code: state.source,
            source_revision: state.revision,
            ...(state.revision !== before.revision && { source_changed_at: now }),
          })
          .where("id", "in", ids)
          .execute(),
    );
  }
  // Per article, its changed versions by new base and flag (as one article's save writes them); then the
  // articles whose groups name the same codes share a statement.
  const baseChanges = writes.flatMap(({ articleId, before, outcome: { state }, versionsStored }) => {
    if (versionsStored) return [];
    const changed = [...state.bases].filter(
      ([code, base]) => before.bases.get(code) !== base || isOutdated(before, code) !== isOutdated(state, code),
    );
    return Array.from(
      Map.groupBy(changed, ([code, base]) => `${base}\n${isOutdated(state, code) ? 1 : 0}`),
      ([group, entries]) => ({ articleId, group, codes: entries.map(([code]) => code) }),
    );
  });
  for (const same of Map.groupBy(baseChanges, ({ group, codes }) => `${group}\n${codes.join(",")}`).values()) {
    const { group, codes } = same[0]!;
    const [base, outdated] = group.split("\n").map(Number) as [number, 0 | 1];
    await inChunks(
      same.map((change) => change.articleId),
      (ids) =>
        db
          .updateTable("article_versions")
          .set({ base_revision: base, outdated })
          .where("article_id", "in", ids)
          .where("code", "in", codes)
          .execute(),
    );
  }
  // A change of source restates the pending changes' source revisions as the bases (rare: one statement per changed draft).
  for (const { articleId, before, outcome } of writes.filter(
    ({ before, outcome: { state } }) =>
      before.source !== null && state.source !== null && state.source !== before.source,
  )) {
    const drafts = await db
      .selectFrom("article_drafts")
      .select(["code", "source_revision"])
      .where("article_id", "=", articleId)
      .execute();
    for (const draft of drafts) {
      const restated = restatedBase(before, outcome.state, draft.source_revision);
      if (restated !== draft.source_revision)
        await db
          .updateTable("article_drafts")
          .set({ source_revision: restated })
          .where("article_id", "=", articleId)
          .where("code", "=", draft.code)
          .execute();
    }
  }
  const snapshots = writes.filter(({ outcome: { snapshot, state } }) => snapshot && state.source !== null);
  for (const group of Map.groupBy(
    snapshots,
    ({ outcome: { state } }) => `${state.source}\n${state.revision}`,
  ).values()) {
    const { source, revision } = group[0]!.outcome.state;
    await inChunks(
      group.map((write) => write.articleId),
      async (ids) => {
        await db
          .deleteFrom("article_source_revisions")
          .where("revision", "=", revision)
          .where("article_id", "in", ids)
          .execute();
        const texts = await db
          .selectFrom("article_versions")
          .select(["article_id", "code", "title", "summary", "body", "cover_alt"])
          .where("code", "=", source!)
          .where("article_id", "in", ids)
          .execute();
        if (texts.length < ids.length)
          throw new Error(`${ids.length - texts.length} of the articles to snapshot have no ${source} version`);
        await db
          .insertInto("article_source_revisions")
          .values(texts.map((text) => ({ ...text, revision, created_at: now })))
          .execute();
      },
    );
  }
  const rebased = new Set(baseChanges.map((change) => change.articleId));
  const pruned = writes.filter(({ articleId, outcome: { snapshot } }) => snapshot || rebased.has(articleId));
  // Snapshots past the revision are of a former source's History (a change of source restated the bases below it).
  for (const group of Map.groupBy(
    pruned,
    ({ outcome: { state } }) => `${oldestNeededRevision(state)}\n${state.revision}`,
  ).values()) {
    const { state } = group[0]!.outcome;
    const oldest = oldestNeededRevision(state);
    await inChunks(
      group.map((write) => write.articleId),
      (ids) =>
        db
          .deleteFrom("article_source_revisions")
          .where((eb) => eb.or([eb("revision", "<", oldest), eb("revision", ">", state.revision)]))
          .where("article_id", "in", ids)
          .execute(),
    );
  }
}
