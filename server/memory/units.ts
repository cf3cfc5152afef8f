/**
 * What the translation memory keeps of a published text (decisions 0215 and 0225): its units — the title, the
 * summary, each body segment as the workbench shows it (core/segments/split.ts), a UI string — under keys that are the
 * same in every language, so a unit's translation is the unit of the same key in the other language. Body segments are
 * keyed by the body's structure too: two language versions of a body pair segment by segment only when their segments
 * are of the same kinds in order.
 */
import type { Kysely, Transaction } from "kysely";
import { markdownSegments, structureOf, type Segment } from "#core/segments/split.ts";
import { exactKey, segmentTokens, sketchKeys } from "#core/memory/similarity.ts";
import type { Database } from "#server/db/schema.ts";
import { OFF_THREAD_BODY_CHARS, runOffThreadForRequest } from "#server/untrusted/off-thread.ts";

type Db = Kysely<Database> | Transaction<Database>;

export interface MemoryUnit {
  unitKey: string;
  text: string;
}

/** A unit longer than this is not remembered: a memory match is for a sentence or a paragraph, not a page. */
export const MAX_UNIT_CHARS = 4_000;
/** Rows per INSERT: well under either database's bound on a statement's parameters. */
const ROWS_PER_INSERT = 500;

export const uiUnitKey = (key: string) => `ui:${key}`;

/** The units of an article version, from its body's segments (already cut). */
export function articleUnits(
  articleId: number,
  text: { title: string; summary: string },
  segments: readonly Segment[],
): MemoryUnit[] {
  const structure = structureOf(segments);
  const units: MemoryUnit[] = [
    { unitKey: `a${articleId}:title`, text: text.title },
    { unitKey: `a${articleId}:summary`, text: text.summary },
    ...segments.map((segment, index) => ({ unitKey: `a${articleId}:${structure}:${index}`, text: segment.text })),
  ];
  // A segment without a word (a rule, an empty title) is nothing to translate.
  return units.filter((unit) => unit.text.length <= MAX_UNIT_CHARS && segmentTokens(unit.text).length > 0);
}

/** A body's segments; a long one is cut on the worker thread (decision 0142), and left out if it cannot be. */
export async function bodySegments(body: string): Promise<Segment[]> {
  if (body.length <= OFF_THREAD_BODY_CHARS) return markdownSegments(body);
  const read = await runOffThreadForRequest<string, Segment[]>(
    "cut the Markdown into segments",
    "#core/segments/split.ts",
    "markdownSegments",
    body,
  );
  return read.ok ? read.value : [];
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let index = 0; index < items.length; index += size) out.push(items.slice(index, index + size));
  return out;
}

/** The exact keys of texts, and the sketch-key rows that index them (one row per key and distinct text). */
function keyRowsOf(code: string, texts: readonly string[]): Map<string, { key: number; exact_key: string }[]> {
  const rows = new Map<string, { key: number; exact_key: string }[]>();
  for (const text of texts) {
    const exact = exactKey(text);
    if (!rows.has(exact))
      rows.set(
        exact,
        sketchKeys(code, segmentTokens(text)).map((key) => ({ key, exact_key: exact })),
      );
  }
  return rows;
}

/**
 * Removes units (by id, with their texts), and the index rows of those texts no other unit in the language holds
 * (the index lists distinct texts, decision 0225).
 */
export async function forgetUnits(db: Db, code: string, units: readonly { id: number; text: string }[]): Promise<void> {
  for (const chunk of chunks(units, ROWS_PER_INSERT)) {
    const ids = chunk.map((unit) => unit.id);
    await db.deleteFrom("memory_units").where("id", "in", ids).execute();
    const texts = keyRowsOf(
      code,
      chunk.map((unit) => unit.text),
    );
    const held = await db
      .selectFrom("memory_units")
      .select("exact_key")
      .distinct()
      .where("code", "=", code)
      .where("exact_key", "in", [...texts.keys()])
      .execute();
    for (const row of held) texts.delete(row.exact_key);
    const gone = [...texts.values()].flat();
    // The primary key (key, exact_key) finds each of them.
    for (const rows of chunks(gone, ROWS_PER_INSERT)) {
      const keys = [...new Set(rows.map((row) => row.key))];
      const exact = [...new Set(rows.map((row) => row.exact_key))];
      await db.deleteFrom("memory_keys").where("key", "in", keys).where("exact_key", "in", exact).execute();
    }
  }
}

/** Adds units of one language (none of whose keys it holds yet), and the index rows of texts new to it. */
export async function addUnits(
  db: Db,
  code: string,
  articleId: number | null,
  units: readonly MemoryUnit[],
  now: string,
): Promise<void> {
  for (const chunk of chunks(units, ROWS_PER_INSERT)) {
    const rows = chunk.map((unit) => ({
      unit_key: unit.unitKey,
      article_id: articleId,
      code,
      text: unit.text,
      exact_key: exactKey(unit.text),
      updated_at: now,
    }));
    await db.insertInto("memory_units").values(rows).execute();
    const keyRows = [
      ...keyRowsOf(
        code,
        chunk.map((unit) => unit.text),
      ).values(),
    ].flat();
    for (const keyChunk of chunks(keyRows, ROWS_PER_INSERT))
      await db
        .insertInto("memory_keys")
        .values(keyChunk)
        .onConflict((conflict) => conflict.doNothing())
        .execute();
  }
}

/**
 * An article version's text, as published now, replaces what the memory held of it in that language — but for the
 * blocks another language still pairs with: a source whose blocks moved (a row added above) keeps its former blocks
 * beside its translations made from them, which are still right translations of those texts (what an outdated
 * translation's unchanged segments are offered from).
 */
export async function rememberArticleVersion(
  db: Db,
  articleId: number,
  code: string,
  text: { title: string; summary: string; body: string },
  now: string,
): Promise<void> {
  const units = articleUnits(articleId, text, await bodySegments(text.body));
  const [held, others] = await Promise.all([
    db
      .selectFrom("memory_units")
      .select(["id", "text", "unit_key"])
      .where("article_id", "=", articleId)
      .where("code", "=", code)
      .execute(),
    db
      .selectFrom("memory_units")
      .select("unit_key")
      .where("article_id", "=", articleId)
      .where("code", "<>", code)
      .execute(),
  ]);
  const renewed = new Set(units.map((unit) => unit.unitKey));
  const paired = new Set(others.map((unit) => unit.unit_key));
  await forgetUnits(
    db,
    code,
    held.filter((unit) => renewed.has(unit.unit_key) || !paired.has(unit.unit_key)),
  );
  await addUnits(db, code, articleId, units, now);
}

/** A UI string's text in a language replaces what the memory held of it (an empty one is forgotten). */
export async function rememberString(db: Db, key: string, code: string, text: string, now: string): Promise<void> {
  const held = await db
    .selectFrom("memory_units")
    .select(["id", "text"])
    .where("unit_key", "=", uiUnitKey(key))
    .where("code", "=", code)
    .execute();
  await forgetUnits(db, code, held);
  if (text.trim() !== "" && text.length <= MAX_UNIT_CHARS)
    await addUnits(db, code, null, [{ unitKey: uiUnitKey(key), text }], now);
}
