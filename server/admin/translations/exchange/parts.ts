/**
 * Tags' names and ROME jobs' labels in the exchange file (decision 0221): a <file id="tags"> with one unit per
 * tag written on an article (its id the tag's key; the source its name in the file's source language, else the tag
 * as written) and a <file id="jobs"> with one unit per ROME code (the source its label in the source language,
 * else the official French one, which the note always gives). An import plans every unit first, checked as the
 * API's writes are (core/admin/tags/schema.ts, core/admin/romes/schema.ts; a name's address unique in the
 * language), then writes them through the same functions as the admin API, in the import's transaction.
 */
import type { Kysely, Transaction } from "kysely";
import type { z } from "zod";
import { jobLabelSchema } from "#core/admin/romes/schema.ts";
import { tagNameSchema } from "#core/admin/tags/schema.ts";
import type { ImportReport } from "#core/admin/translations/schema.ts";
import { ROME_SOURCE_LANGUAGE } from "#core/rome.ts";
import { tagKey, tagNameClash, tagNameKey } from "#core/tags.ts";
import { writeJobLabel } from "#server/admin/romes/service.ts";
import { writeTagName, writtenTags } from "#server/admin/tags/service.ts";
import type { Database } from "#server/db/schema.ts";
import { partReportKey, type ExtraPart, type StringUnit } from "./document.ts";

type Db = Kysely<Database> | Transaction<Database>;

async function tagNamesIn(db: Db, code: string): Promise<Map<string, string>> {
  const rows = await db.selectFrom("tag_names").select(["tag_key", "name"]).where("code", "=", code).execute();
  return new Map(rows.map((row) => [row.tag_key, row.name]));
}

/** A language's job labels by code: the official ones for French, rome_labels' otherwise. */
async function jobLabelsIn(db: Db, code: string): Promise<Map<string, string>> {
  const rows =
    code === ROME_SOURCE_LANGUAGE
      ? await db.selectFrom("rome_jobs").select(["code", "label"]).execute()
      : await db.selectFrom("rome_labels").select(["rome_code as code", "label"]).where("code", "=", code).execute();
  return new Map(rows.map((row) => [row.code, row.label]));
}

const unit = (key: string, source: string, target: string | undefined, note: string): StringUnit => ({
  key,
  source,
  target: target ?? null,
  state: target === undefined ? "initial" : "translated",
  note,
});

/** The tags' units of an export. */
export async function tagUnits(db: Db, sourceCode: string, targetCode: string): Promise<StringUnit[]> {
  const [tags, sources, targets] = await Promise.all([
    writtenTags(db),
    tagNamesIn(db, sourceCode),
    tagNamesIn(db, targetCode),
  ]);
  return tags.map((tag) =>
    unit(
      tag.key,
      sources.get(tag.key) ?? tag.written,
      targets.get(tag.key),
      `Tag "${tag.written}" (${tag.articles} article${tag.articles === 1 ? "" : "s"}); its name also names its page's address.`,
    ),
  );
}

/** The jobs' units of an export, in code order. */
export async function jobUnits(db: Db, sourceCode: string, targetCode: string): Promise<StringUnit[]> {
  const [jobs, sources, targets] = await Promise.all([
    db.selectFrom("rome_jobs").select(["code", "label"]).orderBy("code").execute(),
    jobLabelsIn(db, sourceCode),
    jobLabelsIn(db, targetCode),
  ]);
  return jobs.map((job) =>
    unit(
      job.code,
      sources.get(job.code) ?? job.label,
      targets.get(job.code),
      `ROME ${job.code}. Official label (${ROME_SOURCE_LANGUAGE}): ${job.label}`,
    ),
  );
}

export interface PartWrite {
  key: string;
  text: string;
}

/** Counts and reports a part's units against the current texts; returns the checked changes (each unit's own check). */
function planPart(
  part: ExtraPart,
  units: readonly StringUnit[],
  known: (key: string) => string | null,
  current: ReadonlyMap<string, string>,
  check: (text: string) => { ok: true; text: string } | { ok: false; message: string },
  report: ImportReport,
): PartWrite[] {
  const writes: PartWrite[] = [];
  for (const { key: written, target } of units) {
    const key = known(written);
    if (key === null) {
      report.unknown.push(partReportKey(part, written));
      continue;
    }
    if (target === null) {
      report.untranslated += 1;
      continue;
    }
    const checked = check(target);
    if (!checked.ok) {
      report.problems.push({ key: partReportKey(part, key), message: checked.message });
      continue;
    }
    const before = current.get(key) ?? null;
    if (before === checked.text) report.unchanged += 1;
    else {
      report.changes.push({ key: partReportKey(part, key), before, after: checked.text });
      writes.push({ key, text: checked.text });
    }
  }
  return writes;
}

const checkWith =
  (schema: z.ZodType<string, string>, what: string) =>
  (text: string): { ok: true; text: string } | { ok: false; message: string } => {
    const parsed = schema.safeParse(text);
    return parsed.success
      ? { ok: true, text: parsed.data }
      : { ok: false, message: `The ${what} ${parsed.error.issues[0]!.message}.` };
  };

/** The tags' changes of an import, a name whose address another tag would have refused as a problem. */
export async function planTags(
  db: Db,
  units: readonly StringUnit[],
  targetCode: string,
  report: ImportReport,
): Promise<PartWrite[]> {
  const written = new Set((await writtenTags(db)).map((tag) => tag.key));
  const current = await tagNamesIn(db, targetCode);
  const known = (key: string) => (written.has(tagKey(key)) ? tagKey(key) : null);
  const writes = planPart("tags", units, known, current, checkWith(tagNameSchema, "name"), report);
  // The language's names once the file is applied: each must give its tag an address no other tag has.
  const after = new Map([...current].map(([key, name]) => [key, tagNameKey(name)]));
  for (const write of writes) after.set(write.key, tagNameKey(write.text));
  for (const write of writes) {
    const clash = tagNameClash(write.key, after.get(write.key)!, after, (key) => written.has(key) && !after.has(key));
    if (clash !== null) report.problems.push({ key: partReportKey("tags", write.key), message: `The name ${clash}.` });
  }
  return writes;
}

/** The jobs' changes of an import. */
export async function planJobs(
  db: Db,
  units: readonly StringUnit[],
  targetCode: string,
  report: ImportReport,
): Promise<PartWrite[]> {
  const codes = new Set((await db.selectFrom("rome_jobs").select("code").execute()).map((row) => row.code));
  const current = await jobLabelsIn(db, targetCode);
  const known = (code: string) => (codes.has(code.toUpperCase()) ? code.toUpperCase() : null);
  return planPart("jobs", units, known, current, checkWith(jobLabelSchema, "label"), report);
}

/** Writes the planned names and labels in the import's transaction, each audited. */
export async function applyParts(
  trx: Transaction<Database>,
  uid: string,
  languageCode: string,
  planned: { tags: readonly PartWrite[]; jobs: readonly PartWrite[] },
): Promise<void> {
  for (const write of planned.tags) await writeTagName(trx, { uid, tag: write.key, languageCode, name: write.text });
  for (const write of planned.jobs) await writeJobLabel(trx, { uid, code: write.key, languageCode, label: write.text });
}
