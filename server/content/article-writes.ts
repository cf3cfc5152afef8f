/**
 * The one write path for articles, shared by the admin article service (through
 * server/admin/content-write.ts), the seed and the content CLI
 * (`npm run content -- import`): a version's Markdown is rendered when it is
 * saved, the tag index follows the article's tags, and a write's before/after
 * state (articleState) says which pages show what changed, every version
 * written keeps a revision (revisions.ts), and the translation facts (source
 * language, source revision, each version's base, core/translation-status.ts)
 * follow every save; the search and tag indexes follow too
 * (server/search/published-index.ts).
 */
import type { Kysely, Transaction } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { articleChange, type ArticleChange, type ArticleState } from "./changes.ts";
import { unrenderedVersion, type UnrenderedVersion, type RenderedVersion } from "./rendering.ts";
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

type Db = Kysely<Database> | Transaction<Database>;

export interface VersionSource {
  slug: string;
  title: string;
  summary: string;
  body: string;
  coverAlt: string;
  status: "draft" | "published";
  /** An imported translation's record: whether it follows the source text stored before the import (absent: keep or, when new, yes). */
  upToDate?: boolean;
}

/**
 * A version's stored columns: publication date set on first publication and kept after, with its rendering
 * (rendering.ts), or unrendered by a bulk import (the first page that shows it renders it). Every write drops a catch-up's claim on
 * the version: the catch-up then never stores the rendering of a text this write replaced.
 */
export function versionColumns(
  source: VersionSource,
  publishedBefore: string | null | undefined,
  now: string,
  rendered: RenderedVersion | UnrenderedVersion,
) {
  return {
    slug: source.slug,
    title: source.title,
    summary: source.summary,
    body: source.body,
    cover_alt: source.coverAlt,
    status: source.status,
    published_at: publishedBefore ?? (source.status === "published" ? now : null),
    updated_at: now,
    awaiting_index: 0 as const,
    index_claim: null,
    ...rendered,
  };
}

/** Makes the tag index match an article's tags. */
export async function replaceTags(db: Db, articleId: number, tags: readonly string[]): Promise<void> {
  await db.deleteFrom("article_tags").where("article_id", "=", articleId).execute();
  const unique = [...new Set(tags)];
  if (unique.length > 0)
    await db
      .insertInto("article_tags")
      .values(unique.map((tag) => ({ tag, article_id: articleId })))
      .execute();
}

/** Languages of an article's versions, its tags and its list positions: what pages show it. */
export async function articleState(
  db: Db,
  articleId: number,
): Promise<ArticleState & { languages: string[]; tags: string[]; listed: string[] }> {
  const [versions, tags] = await Promise.all([
    db
      .selectFrom("article_versions")
      .select(["code", "status", "published_at"])
      .where("article_id", "=", articleId)
      .execute(),
    db.selectFrom("article_tags").select("tag").where("article_id", "=", articleId).execute(),
  ]);
  return {
    languages: versions.map((version) => version.code),
    tags: tags.map((row) => row.tag),
    listed: versions
      .filter((version) => version.status === "published")
      .map((version) => `${version.code}@${version.published_at}`),
  };
}

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
  const existing = await trx
    .selectFrom("articles")
    .select(["id", "key", "source_code", "source_revision"])
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
  const translation = new Map<number, { state: TranslationState; texts: Map<string, TranslatableText> }>(
    existing.map((row) => [
      row.id,
      { state: { source: row.source_code, revision: row.source_revision, bases: new Map() }, texts: new Map() },
    ]),
  );
  if (existingIds.length > 0) {
    const [versions, tags] = await Promise.all([
      trx
        .selectFrom("article_versions")
        .select(["article_id", "code", "published_at", "title", "summary", "body", "cover_alt", "base_revision"])
        .where("article_id", "in", existingIds)
        .execute(),
      trx.selectFrom("article_tags").select(["article_id", "tag"]).where("article_id", "in", existingIds).execute(),
    ]);
    for (const id of existingIds) before.set(id, { languages: [], tags: [] });
    for (const version of versions) {
      before.get(version.article_id)!.languages.push(version.code);
      published.set(`${version.article_id}:${version.code}`, version.published_at);
      const facts = translation.get(version.article_id)!;
      (facts.state.bases as Map<string, number>).set(version.code, version.base_revision);
      facts.texts.set(version.code, {
        title: version.title,
        summary: version.summary,
        body: version.body,
        coverAlt: version.cover_alt,
      });
    }
    for (const tag of tags) before.get(tag.article_id)!.tags.push(tag.tag);
  }

  const fresh = sources.filter((source) => !idByKey.has(source.key));
  // New articles' versions are inserted with their bases and Outdated flags rather than updated after.
  const freshTranslation = new Map(fresh.map((source) => [source, newArticleTranslation(source)]));
  await inChunks(fresh, async (chunk) => {
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
    if (fresh.includes(source)) continue;
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

  const inserts = [];
  const entries: RevisionEntry[] = [];
  const newVersions = new Set<string>();
  const known = new Map<string, KnownText>();
  let index = 0;
  for (const source of sources) {
    const id = idByKey.get(source.key)!;
    const translated = freshTranslation.get(source)?.state;
    for (const [code, version] of source.versions) {
      const slot = `${id}:${code}`;
      const ready = prepared[index++]!;
      known.set(slot, { indexed: ready.indexed, fingerprint: ready.fingerprint });
      const columns = versionColumns(version, published.get(slot), now, unrenderedVersion(ready.minutes));
      if (published.has(slot))
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
        newVersions.add(slot);
      }
      // Its text is the version's, written above: the revision reads it there (decision 0239).
      entries.push({ blogId: id, code, action: "import", uid: revisions.uid, content: version, textInVersion: true });
    }
  }
  await inChunks(inserts, (chunk) => trx.insertInto("article_versions").values(chunk).execute());
  // The file's text replaces the version's, pending changes included (last write wins; they stay in History).
  const replaced = Map.groupBy(
    sources
      .filter((source) => !fresh.includes(source))
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
  const recorded = await recordRevisions(trx, entries, revisions.keep, now, newVersions);
  const numbers = new Map(entries.map((entry, index) => [`${entry.blogId}:${entry.code}`, recorded[index]!.number]));
  await storeTranslationStates(
    trx,
    sources.map((source) => {
      const articleId = idByKey.get(source.key)!;
      const inserted = freshTranslation.get(source);
      if (inserted) return { articleId, before: EMPTY_TRANSLATION_STATE, outcome: inserted, versionsStored: true };
      const facts = translation.get(articleId)!;
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
      fresh.map((source) => [idByKey.get(source.key)!, [...source.versions.values()].map((version) => version.body)]),
    ),
  );
  // Tag rows are the caller's: an import refreshes them once for the many transactions of a batch (refreshPublishedTags).
  await refreshPublishedIndex(trx, [...idByKey.values()], known, { tags: false });
  return sources.map((source) => {
    const id = idByKey.get(source.key)!;
    return articleChange(id, before.get(id), { languages: source.versions.keys(), tags: source.tags });
  });
}
