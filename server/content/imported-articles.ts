/**
 * A bulk import's write of many articles in one transaction (`npm run content -- import`, server/content/ndjson.ts),
 * through the shared write path's rules (article-writes.ts): existing articles found by key and updated, new ones
 * inserted with their versions' translation facts, every version written unrendered with an "import" History
 * entry, its search entry from the words the import pool prepared (decision 0226), and the translation facts
 * after it (core/translation-status.ts).
 */
import type { Transaction } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { articleChange, type ArticleChange } from "./changes.ts";
import { unrenderedVersion } from "./rendering.ts";
import type { PreparedVersion } from "./imported-versions.ts";
import { syncMediaUsage } from "#server/media/usage.ts";
import { FIRST_REVISION, recordRevisions, type RevisionEntry } from "./revisions.ts";
import {
  afterSave,
  changeSource,
  EMPTY_TRANSLATION_STATE,
  isOutdated,
  textChanged,
  type TranslatableText,
  type TranslationOutcome,
  type TranslationState,
} from "#core/translation-status.ts";
import { refreshPublishedIndex, type KnownText } from "#server/search/published-index.ts";
import { inChunks, storeTranslationStates } from "./translation-state.ts";
import { versionColumns, type VersionSource } from "./article-writes.ts";

/** An article as a bulk import brings it: identified by its key, versions by language code. */
export interface ArticleSource {
  key: string;
  author: string;
  cover: string | null;
  tags: string[];
  versions: Map<string, VersionSource>;
  /** The source language (a code among `versions`); absent: kept, or for a new article its first version's. */
  sourceCode?: string;
}

/**
 * The translation facts after an import wrote `source` over `before`, each version's text being the
 * History revision `revisions` names: the source language's version first (a changed text moves the
 * revision on, so the translations not also re-imported as up to date become Outdated), then the
 * translations, then a change of source language.
 */
export function importedTranslationState(
  before: TranslationState,
  texts: Map<string, TranslatableText>,
  source: Pick<ArticleSource, "versions" | "sourceCode">,
  revisions: ReadonlyMap<string, number>,
): TranslationOutcome {
  const revisionOf = (code: string) => {
    const revision = revisions.get(code);
    if (revision === undefined) throw new RangeError(`no revision recorded for ${code}`);
    return revision;
  };
  const sourceCode = source.sourceCode ?? before.source ?? source.versions.keys().next().value!;
  const order = [...source.versions.keys()].sort((a, b) => Number(b === sourceCode) - Number(a === sourceCode));
  let outcome: TranslationOutcome = { state: before, snapshot: false };
  for (const code of order) {
    const version = source.versions.get(code)!;
    const created = !before.bases.has(code);
    const stored = before.bases.get(code);
    const basedOn =
      version.upToDate === true
        ? created && before.source === null
          ? Number.POSITIVE_INFINITY
          : before.revision
        : version.upToDate === false
          ? Math.min(stored ?? Number.POSITIVE_INFINITY, outcome.state.revision - 1)
          : undefined;
    const next = afterSave(outcome.state, code, {
      created,
      textChanged: textChanged(texts.get(code) ?? null, version),
      revision: revisionOf(code),
      ...(basedOn !== undefined && { basedOn }),
    });
    outcome = { state: next.state, snapshot: outcome.snapshot || next.snapshot };
  }
  if (source.sourceCode !== undefined && source.sourceCode !== outcome.state.source) {
    const next = changeSource(outcome.state, source.sourceCode, revisions);
    outcome = { state: next.state, snapshot: outcome.snapshot || next.snapshot };
  }
  return outcome;
}

/** A new article's translation facts, known before its rows are written: each of its versions takes FIRST_REVISION. */
function newArticleTranslation(source: ArticleSource): TranslationOutcome {
  const revisions = new Map([...source.versions.keys()].map((code) => [code, FIRST_REVISION]));
  return importedTranslationState(EMPTY_TRANSLATION_STATE, new Map(), source, revisions);
}

/** A version's translation columns in `state`: its base and Outdated flag. */
function translationColumns(state: TranslationState, code: string) {
  return { base_revision: state.bases.get(code)!, outdated: isOutdated(state, code) ? (1 as const) : (0 as const) };
}

/** Who an import's revisions name, and how many each version keeps (REVISIONS_PER_VERSION). */
export interface ImportRevisions {
  uid: string;
  keep: number;
}

/** What is stored of the articles an import writes, read before it writes them. */
interface StoredArticles {
  /** Article ids by key (new articles' ids are added as they are inserted). */
  idByKey: Map<string, number>;
  /** The existing articles' ids. */
  existingIds: number[];
  /** Each existing article's languages and tags: what pages showed it. */
  before: Map<number, { languages: string[]; tags: string[] }>;
  /** Each existing version's first publication, by `articleId:code`. */
  published: Map<string, string | null>;
  /** Each existing article's translation facts and its versions' texts. */
  translation: Map<number, { state: TranslationState; texts: Map<string, TranslatableText> }>;
}

async function storedArticles(trx: Transaction<Database>, sources: ArticleSource[]): Promise<StoredArticles> {
  const existing = await trx
    .selectFrom("articles")
    .select(["id", "key", "source_code", "source_revision"])
    .where(
      "key",
      "in",
      sources.map((source) => source.key),
    )
    .execute();
  const stored: StoredArticles = {
    idByKey: new Map(existing.map((row) => [row.key, row.id])),
    existingIds: existing.map((row) => row.id),
    before: new Map(),
    published: new Map(),
    translation: new Map(
      existing.map((row) => [
        row.id,
        { state: { source: row.source_code, revision: row.source_revision, bases: new Map() }, texts: new Map() },
      ]),
    ),
  };
  if (stored.existingIds.length === 0) return stored;
  const [versions, tags] = await Promise.all([
    trx
      .selectFrom("article_versions")
      .select(["article_id", "code", "published_at", "title", "summary", "body", "cover_alt", "base_revision"])
      .where("article_id", "in", stored.existingIds)
      .execute(),
    trx
      .selectFrom("article_tags")
      .select(["article_id", "tag"])
      .where("article_id", "in", stored.existingIds)
      .execute(),
  ]);
  for (const id of stored.existingIds) stored.before.set(id, { languages: [], tags: [] });
  for (const version of versions) {
    stored.before.get(version.article_id)!.languages.push(version.code);
    stored.published.set(`${version.article_id}:${version.code}`, version.published_at);
    const facts = stored.translation.get(version.article_id)!;
    (facts.state.bases as Map<string, number>).set(version.code, version.base_revision);
    facts.texts.set(version.code, {
      title: version.title,
      summary: version.summary,
      body: version.body,
      coverAlt: version.cover_alt,
    });
  }
  for (const tag of tags) stored.before.get(tag.article_id)!.tags.push(tag.tag);
  return stored;
}

/** The articles' own rows: new ones inserted (their ids added to `stored.idByKey`), the others updated; then their tag rows. */
async function writeArticleRows(
  trx: Transaction<Database>,
  sources: ArticleSource[],
  fresh: ReadonlySet<ArticleSource>,
  stored: StoredArticles,
  now: string,
): Promise<void> {
  const { idByKey, existingIds } = stored;
  await inChunks([...fresh], async (chunk) => {
    const rows = await trx
      .insertInto("articles")
      .values(
        chunk.map((source) => ({
          key: source.key,
          author: source.author,
          cover: source.cover,
          tags: JSON.stringify(source.tags),
          created_at: now,
          updated_at: now,
        })),
      )
      .returning(["id", "key"])
      .execute();
    for (const row of rows) idByKey.set(row.key, row.id);
  });
  for (const source of sources) {
    if (fresh.has(source)) continue;
    await trx
      .updateTable("articles")
      .set({ author: source.author, cover: source.cover, tags: JSON.stringify(source.tags), updated_at: now })
      .where("id", "=", idByKey.get(source.key)!)
      .execute();
  }
  if (existingIds.length > 0) await trx.deleteFrom("article_tags").where("article_id", "in", existingIds).execute();
  await inChunks(
    sources.flatMap((source) =>
      [...new Set(source.tags)].map((tag) => ({ tag, article_id: idByKey.get(source.key)! })),
    ),
    (chunk) => trx.insertInto("article_tags").values(chunk).execute(),
  );
}

/** The versions an import wrote: their History entries, which of them are new, and their search words by `articleId:code`. */
interface WrittenVersions {
  entries: RevisionEntry[];
  newVersions: Set<string>;
  known: Map<string, KnownText>;
}

/**
 * The versions' rows, unrendered: existing ones updated, new ones inserted with their translation columns
 * (`freshTranslation`, a new article's). Each gets an "import" History entry that reads its text from the version.
 */
async function writeVersionRows(
  trx: Transaction<Database>,
  sources: ArticleSource[],
  prepared: readonly PreparedVersion[],
  stored: StoredArticles,
  freshTranslation: ReadonlyMap<ArticleSource, TranslationOutcome>,
  now: string,
  uid: string,
): Promise<WrittenVersions> {
  const inserts = [];
  const written: WrittenVersions = { entries: [], newVersions: new Set(), known: new Map() };
  let index = 0;
  for (const source of sources) {
    const id = stored.idByKey.get(source.key)!;
    const translated = freshTranslation.get(source)?.state;
    for (const [code, version] of source.versions) {
      const slot = `${id}:${code}`;
      const ready = prepared[index++]!;
      written.known.set(slot, { indexed: ready.indexed, fingerprint: ready.fingerprint });
      const columns = versionColumns(version, stored.published.get(slot), now, unrenderedVersion(ready.minutes));
      if (stored.published.has(slot))
        await trx
          .updateTable("article_versions")
          .set(columns)
          .where("article_id", "=", id)
          .where("code", "=", code)
          .execute();
      else {
        inserts.push({
          article_id: id,
          code,
          ...columns,
          ...(translated && translationColumns(translated, code)),
        });
        written.newVersions.add(slot);
      }
      // Its text is the version's, written above: the revision reads it there (decision 0239).
      written.entries.push({ blogId: id, code, action: "import", uid, content: version, textInVersion: true });
    }
  }
  await inChunks(inserts, (chunk) => trx.insertInto("article_versions").values(chunk).execute());
  return written;
}

/** The file's text replaces an existing version's, pending changes included (last write wins; they stay in History). */
async function dropReplacedDrafts(
  trx: Transaction<Database>,
  sources: ArticleSource[],
  fresh: ReadonlySet<ArticleSource>,
  idByKey: ReadonlyMap<string, number>,
): Promise<void> {
  const replaced = Map.groupBy(
    sources
      .filter((source) => !fresh.has(source))
      .flatMap((source) => [...source.versions.keys()].map((code) => ({ code, id: idByKey.get(source.key)! }))),
    (version) => version.code,
  );
  for (const [code, versions] of replaced) {
    await inChunks(versions, (chunk) =>
      trx
        .deleteFrom("article_drafts")
        .where("code", "=", code)
        .where(
          "article_id",
          "in",
          chunk.map((version) => version.id),
        )
        .execute(),
    );
  }
}

/**
 * Creates or updates articles by key, with their versions (a version not in the
 * source is kept), in the caller's transaction, each written version with an
 * "import" revision. The versions are stored unrendered (a page renders one on first view) and
 * indexed: `prepared` holds each one's reading time and search words in the sources' order (from the
 * import pool, decision 0226). Search follows at once; tag pages' rows are left to the caller
 * (refreshPublishedTags, once for many transactions: decision 0235). Returns what changed.
 */
export async function upsertArticles(
  trx: Transaction<Database>,
  sources: ArticleSource[],
  prepared: readonly PreparedVersion[],
  now: string,
  revisions: ImportRevisions,
): Promise<ArticleChange[]> {
  if (sources.length === 0) return [];
  const stored = await storedArticles(trx, sources);
  const { idByKey } = stored;
  const fresh = new Set(sources.filter((source) => !idByKey.has(source.key)));
  // New articles' versions are inserted with their bases and Outdated flags rather than updated after.
  const freshTranslation = new Map([...fresh].map((source) => [source, newArticleTranslation(source)]));
  await writeArticleRows(trx, sources, fresh, stored, now);
  const { entries, newVersions, known } = await writeVersionRows(
    trx,
    sources,
    prepared,
    stored,
    freshTranslation,
    now,
    revisions.uid,
  );
  await dropReplacedDrafts(trx, sources, fresh, idByKey);
  const recorded = await recordRevisions(trx, entries, revisions.keep, now, newVersions);
  const numbers = new Map(entries.map((entry, index) => [`${entry.blogId}:${entry.code}`, recorded[index]!.number]));
  await storeTranslationStates(
    trx,
    sources.map((source) => {
      const articleId = idByKey.get(source.key)!;
      const inserted = freshTranslation.get(source);
      if (inserted) return { articleId, before: EMPTY_TRANSLATION_STATE, outcome: inserted, versionsStored: true };
      const facts = stored.translation.get(articleId)!;
      const written = new Map([...source.versions.keys()].map((code) => [code, numbers.get(`${articleId}:${code}`)!]));
      return {
        articleId,
        before: facts.state,
        outcome: importedTranslationState(facts.state, facts.texts, source, written),
      };
    }),
    now,
  );
  // A new article's versions are all in its source: their bodies need no reading back.
  await syncMediaUsage(
    trx,
    [...idByKey.values()],
    new Map(
      [...fresh].map((source) => [
        idByKey.get(source.key)!,
        [...source.versions.values()].map((version) => version.body),
      ]),
    ),
  );
  // Tag rows are the caller's: an import refreshes them once for the many transactions of a batch (refreshPublishedTags).
  await refreshPublishedIndex(trx, [...idByKey.values()], known, { tags: false });
  return sources.map((source) => {
    const id = idByKey.get(source.key)!;
    return articleChange(id, stored.before.get(id), { languages: source.versions.keys(), tags: source.tags });
  });
}
