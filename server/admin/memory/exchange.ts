/**
 * The translation memory in and out as TMX (decision 0216): `npm run translations -- tm export --from en --to fr`
 * writes the pairs the memory holds for a language pair, a page at a time; `tm import FILE [--dry-run]` adds a
 * file's units in one transaction, after reading all of it on the worker thread (a bad file changes nothing).
 */
import type { Kysely } from "kysely";
import { exactKey } from "#core/memory/similarity.ts";
import { FileRefused } from "#server/admin/romes/refusal.ts";
import { refusedUnlessRead } from "#server/admin/translations/exchange/read.ts";
import { canonicalLanguage } from "#server/auth/access.ts";
import type { AdminServices } from "#server/content/context.ts";
import type { Database } from "#server/db/schema.ts";
import { addUnits, forgetUnits, MAX_UNIT_CHARS } from "#server/memory/units.ts";
import { runOffThreadForRequest } from "#server/untrusted/off-thread.ts";
import { TMX_END, tmxStart, tmxUnit, type TmxDocument } from "./tmx.ts";

const EXPORT_PAGE = 1_000;
/** A unit key this site writes (an article's block or title, a UI string, an imported unit): kept as it is on import. */
const OWN_UNIT_KEY = /^(a\d+:|ui:|tmx:)/;

/** The TMX of every pair the memory holds from `from` to `to` (language codes as stored), a page at a time. */
export async function* exportMemory(db: Kysely<Database>, from: string, to: string): AsyncGenerator<string> {
  yield tmxStart(from, new Date().toISOString());
  for (let after = 0; ;) {
    const rows = await db
      .selectFrom("memory_units as u")
      .innerJoin("memory_units as t", (join) => join.onRef("t.unit_key", "=", "u.unit_key").on("t.code", "=", to))
      .select([
        "u.id as id",
        "u.unit_key as unitKey",
        "u.text as source",
        "t.text as target",
        "t.updated_at as updatedAt",
      ])
      .where("u.code", "=", from)
      .where("u.id", ">", after)
      .orderBy("u.id")
      .limit(EXPORT_PAGE)
      .execute();
    if (rows.length === 0) break;
    let page = "";
    for (const row of rows)
      page += tmxUnit(row.unitKey, row.updatedAt, [
        { language: from, text: row.source },
        { language: to, text: row.target },
      ]);
    yield page;
    after = rows.at(-1)!.id;
  }
  yield TMX_END;
}

export interface MemoryImportReport {
  dryRun: boolean;
  /** Units the file brings that the memory did not hold (one per <tu> and language of the site). */
  added: number;
  changed: number;
  unchanged: number;
  /** Languages the file names that the site does not have: their <tuv> are left out. */
  unknownLanguages: string[];
}

/** The file's units by unit key and language code as stored; a unit needs two languages of the site. */
async function unitsOf(services: AdminServices, document: TmxDocument) {
  const codes = new Map<string, string | null>();
  const known = new Set(
    (await services.database.db.selectFrom("languages").select("code").execute()).map((row) => row.code),
  );
  for (const unit of document.units)
    for (const { language } of unit.variants)
      if (!codes.has(language)) {
        const code = await canonicalLanguage(services, language);
        codes.set(language, known.has(code) ? code : null);
      }
  const units = new Map<string, { unitKey: string; code: string; text: string; at: string | null }>();
  for (const unit of document.units) {
    const variants = unit.variants.filter(
      (variant) => codes.get(variant.language) && variant.text.trim() !== "" && variant.text.length <= MAX_UNIT_CHARS,
    );
    if (new Set(variants.map((variant) => codes.get(variant.language))).size < 2) continue;
    const id =
      unit.id ?? exactKey(variants.map((variant) => `${variant.language}\u0000${variant.text}`).join("\u0001"));
    const unitKey = OWN_UNIT_KEY.test(id) ? id : `tmx:${id}`;
    for (const variant of variants) {
      const code = codes.get(variant.language)!;
      units.set(`${unitKey}\u0000${code}`, { unitKey, code, text: variant.text, at: unit.changedAt });
    }
  }
  const unknownLanguages = [...codes].filter(([, code]) => code === null).map(([language]) => language);
  return { units: [...units.values()], unknownLanguages };
}

/** Reads the file on the worker thread; a refused one is a FileRefused naming the problem. */
export async function readTmxOffThread(text: string): Promise<TmxDocument> {
  return refusedUnlessRead(
    await runOffThreadForRequest<string, TmxDocument>("read the file", "#server/admin/memory/tmx.ts", "readTmx", text),
  );
}

/** The article a unit key of this site names (its units are replaced at the article's next publish). */
function articleOf(unitKey: string): number | null {
  const match = /^a(\d+):/.exec(unitKey);
  return match ? Number(match[1]) : null;
}

export async function importMemory(
  services: AdminServices,
  document: TmxDocument,
  dryRun: boolean,
): Promise<MemoryImportReport> {
  const { units, unknownLanguages } = await unitsOf(services, document);
  if (units.length === 0 && document.units.length > 0 && unknownLanguages.length > 0)
    throw new FileRefused(
      `No unit of the file is in two languages of this site (unknown: ${unknownLanguages.join(", ")}).`,
    );
  const report: MemoryImportReport = { dryRun, added: 0, changed: 0, unchanged: 0, unknownLanguages };
  const now = new Date().toISOString();
  await services.database.db.transaction().execute(async (trx) => {
    for (const unit of units) {
      const held = await trx
        .selectFrom("memory_units")
        .select(["id", "text"])
        .where("unit_key", "=", unit.unitKey)
        .where("code", "=", unit.code)
        .executeTakeFirst();
      if (held?.text === unit.text) {
        report.unchanged += 1;
        continue;
      }
      if (held) report.changed += 1;
      else report.added += 1;
      if (dryRun) continue;
      if (held) await forgetUnits(trx, unit.code, [held]);
      await addUnits(trx, unit.code, articleOf(unit.unitKey), [unit], unit.at ?? now);
    }
  });
  return report;
}
