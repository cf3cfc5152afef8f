/**
 * The ROME jobs reference as admins manage it (/admin/romes): the searchable
 * table, labels per language, and the CSV export. Imports live in imports.ts.
 */
import type { Kysely, Transaction } from "kysely";
import { foldForSearch, matchesAllWords } from "#core/text.ts";
import { pageWindow } from "#core/pagination.ts";
import { ROME_SOURCE_LANGUAGE } from "#core/rome.ts";
import type {
  JobLabel,
  JobLabels,
  LabelLanguage,
  RomeDomain,
  RomeList,
  RomeListRow,
} from "#core/admin/romes/schema.ts";
import type { AdminServices } from "#server/content/context.ts";
import { inScope, type LanguageScope } from "#core/auth/reading.ts";
import type { DialectName } from "#server/db/connect.ts";
import { lockedForWrite } from "#server/db/locks.ts";
import type { Database } from "#server/db/schema.ts";
import { invalid, notFound } from "#core/errors.ts";
import { entityTag, requireCurrent, type Preconditions } from "#server/http/preconditions.ts";
import { recordAudit } from "#server/audit/record.ts";
import { writeContent } from "#server/admin/content-write.ts";
import type { ContentChange } from "#server/content/changes.ts";
import { toCsv } from "#server/admin/romes/export.ts";

export const ROMES_PAGE_SIZE = 50;

export interface RomeListQuery {
  query: string;
  domain: string | null;
  page: number;
}

/** Languages in the public site's order (most speakers first), the official one included. */
async function listLanguages(db: Kysely<Database>): Promise<LabelLanguage[]> {
  const rows = await db
    .selectFrom("languages")
    .select(["code", "short_code", "label", "dir", "enabled"])
    .orderBy("population", "desc")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({
    code: row.code,
    shortCode: row.short_code,
    label: row.label,
    dir: row.dir,
    enabled: row.enabled === 1,
  }));
}

async function listDomains(db: Kysely<Database>): Promise<RomeDomain[]> {
  return db.selectFrom("rome_domains").select(["letter", "label"]).orderBy("letter").execute();
}

/** Every code with its labels. A few thousand rows at most, so search and paging happen here, the same on both databases. */
async function loadAllJobs(
  db: Kysely<Database>,
  languages: LabelLanguage[],
  scope: LanguageScope,
): Promise<RomeListRow[]> {
  const [codes, labelRows] = await Promise.all([
    db.selectFrom("rome_jobs").select(["code", "domain", "label", "updated_at"]).orderBy("code").execute(),
    db.selectFrom("rome_labels").select(["rome_code", "code", "label", "updated_at"]).execute(),
  ]);
  const languageOrder = new Map(languages.map((language, index) => [language.code, index]));
  const labelsByCode = new Map<string, typeof labelRows>();
  for (const row of labelRows)
    if (inScope(scope, row.code)) labelsByCode.set(row.rome_code, [...(labelsByCode.get(row.rome_code) ?? []), row]);
  return codes.map((job) => {
    const labels = (labelsByCode.get(job.code) ?? []).sort(
      (a, b) =>
        (languageOrder.get(a.code) ?? Infinity) - (languageOrder.get(b.code) ?? Infinity) ||
        a.code.localeCompare(b.code),
    );
    const updatedAt = labels.reduce(
      (latest, label) => (label.updated_at > latest ? label.updated_at : latest),
      job.updated_at,
    );
    return {
      code: job.code,
      domain: job.domain,
      label: job.label,
      labels: labels.map((label) => ({ languageCode: label.code, label: label.label })),
      updatedAt,
    };
  });
}

/**
 * One page of the table, filtered by domaine and by words (accent- and case-insensitive, over the code and every label
 * shown). `scope`: the languages whose labels the reader may see (core/auth/reading.ts labelsReading); the others are
 * neither shown nor searched.
 */
export async function listRomes(
  services: AdminServices,
  query: RomeListQuery,
  scope: LanguageScope,
): Promise<RomeList> {
  const { db } = services.database;
  const [allLanguages, domains] = await Promise.all([listLanguages(db), listDomains(db)]);
  const languages = allLanguages.filter((language) => inScope(scope, language.code));
  const jobs = await loadAllJobs(db, languages, scope);
  const matching = jobs.filter(
    (job) =>
      (query.domain === null || job.domain === query.domain) &&
      matchesAllWords(
        foldForSearch([job.code, job.label, ...job.labels.map((label) => label.label)].join(" ")),
        query.query,
      ),
  );
  const window = pageWindow(matching.length, ROMES_PAGE_SIZE, query.page);
  return {
    rows: matching.slice(window.offset, window.offset + ROMES_PAGE_SIZE),
    total: matching.length,
    window,
    domains,
    languages,
  };
}

/** What the label editor of one code shows, in the languages of `scope` only; null for an unknown code. */
export async function jobLabels(
  services: AdminServices,
  code: string,
  scope: LanguageScope,
): Promise<JobLabels | null> {
  const { db } = services.database;
  const job = await db
    .selectFrom("rome_jobs")
    .select(["code", "domain", "label"])
    .where("code", "=", code)
    .executeTakeFirst();
  if (!job) return null;
  const [languages, rows] = await Promise.all([
    listLanguages(db),
    db.selectFrom("rome_labels").select(["code", "label"]).where("rome_code", "=", code).execute(),
  ]);
  const labels: Record<string, string> = Object.fromEntries(
    rows.filter((row) => inScope(scope, row.code)).map((row) => [row.code, row.label]),
  );
  labels[ROME_SOURCE_LANGUAGE] = job.label;
  const etags = Object.fromEntries(
    Object.entries(labels).map(([languageCode, label]) => [
      languageCode,
      entityTag({ code, languageCode, label } satisfies JobLabel),
    ]),
  );
  const official = languages.filter((language) => language.code === ROME_SOURCE_LANGUAGE);
  const others = languages.filter(
    (language) => language.enabled && language.code !== ROME_SOURCE_LANGUAGE && inScope(scope, language.code),
  );
  return { code: job.code, domain: job.domain, label: job.label, labels, etags, languages: [...official, ...others] };
}

export interface LabelChange {
  uid: string;
  code: string;
  languageCode: string;
}

/** Both must exist: a 404 for an unknown code, a 400 naming languageCode for an unknown language. */
async function checkCodeAndLanguage(db: Kysely<Database>, code: string, languageCode: string): Promise<void> {
  const [job, language] = await Promise.all([
    db.selectFrom("rome_jobs").select("code").where("code", "=", code).executeTakeFirst(),
    db.selectFrom("languages").select("code").where("code", "=", languageCode).executeTakeFirst(),
  ]);
  if (!job) throw notFound("not_found", `No ROME code ${code}.`, "code");
  if (!language) throw invalid("invalid_field", `languageCode: no language "${languageCode}".`, "languageCode");
}

/** The label a code has in a language other than French, if any (rome_labels). */
function storedLabel(trx: Kysely<Database> | Transaction<Database>, change: Omit<LabelChange, "uid">) {
  return trx
    .selectFrom("rome_labels")
    .select("label")
    .where("rome_code", "=", change.code)
    .where("code", "=", change.languageCode)
    .executeTakeFirst();
}

/** One label as `GET /api/admin/romes/{code}/labels/{languageCode}` answers it (its ETag is this object's), or null. */
async function labelOf(
  db: Kysely<Database> | Transaction<Database>,
  code: string,
  languageCode: string,
): Promise<JobLabel | null> {
  const label =
    languageCode === ROME_SOURCE_LANGUAGE
      ? (await db.selectFrom("rome_jobs").select("label").where("code", "=", code).executeTakeFirst())?.label
      : (await storedLabel(db, { code, languageCode }))?.label;
  return label === undefined ? null : { code, languageCode, label };
}

/** One label of a code (null when the language has none); 404/400 for an unknown code or language. */
export async function findJobLabel(
  services: AdminServices,
  code: string,
  languageCode: string,
): Promise<JobLabel | null> {
  await checkCodeAndLanguage(services.database.db, code, languageCode);
  return labelOf(services.database.db, code, languageCode);
}

/**
 * Checks a label write against the ETag it was made from (decision 0151). The code's row is locked
 * (PostgreSQL) so every writer of its labels, a creation included, waits for the one before.
 */
async function requireCurrentLabel(
  trx: Transaction<Database>,
  dialect: DialectName,
  change: LabelChange,
  preconditions: Preconditions,
): Promise<void> {
  await lockedForWrite(
    trx.selectFrom("rome_jobs").select("code").where("code", "=", change.code),
    dialect,
  ).executeTakeFirst();
  requireCurrent(
    preconditions,
    await labelOf(trx, change.code, change.languageCode),
    `the ${change.languageCode} label of ${change.code}`,
  );
}

/** What a change of these jobs' labels makes stale (decision 0222): their pages, not everything. */
export function jobsChange(codes: readonly string[]): ContentChange {
  return { kind: "jobs", codes: [...codes] };
}

/**
 * Sets a code's label in one language. The official language's label is the
 * code's own (rome_jobs.label); the others live in rome_labels. Returns
 * whether anything changed (an identical label writes nothing).
 */
export async function setJobLabel(
  services: AdminServices,
  change: LabelChange & { label: string },
  preconditions: Preconditions,
  now = new Date(),
): Promise<boolean> {
  await checkCodeAndLanguage(services.database.db, change.code, change.languageCode);
  return writeContent(
    services,
    async (trx) => {
      await requireCurrentLabel(trx, services.database.dialect, change, preconditions);
      return writeJobLabel(trx, change, now);
    },
    { changedContent: (changed) => changed, change: () => jobsChange([change.code]) },
  );
}

/**
 * Writes a code's label in one language in the caller's transaction, audited (the official language's is the
 * code's own); whether anything changed. Also the exchange files' import (decision 0221).
 */
export async function writeJobLabel(
  trx: Transaction<Database>,
  change: LabelChange & { label: string },
  now = new Date(),
): Promise<boolean> {
  const at = now.toISOString();
  if (change.languageCode === ROME_SOURCE_LANGUAGE) {
    const before = await trx
      .selectFrom("rome_jobs")
      .select("label")
      .where("code", "=", change.code)
      .executeTakeFirstOrThrow();
    if (before.label === change.label) return false;
    await trx
      .updateTable("rome_jobs")
      .set({ label: change.label, updated_at: at })
      .where("code", "=", change.code)
      .execute();
    await recordAudit(
      trx,
      {
        uid: change.uid,
        action: "update",
        entity: "codes_romes",
        entityId: change.code,
        before: { label: before.label },
        after: { label: change.label },
      },
      now,
    );
    return true;
  }
  const before = await storedLabel(trx, change);
  if (before?.label === change.label) return false;
  await trx
    .insertInto("rome_labels")
    .values({ rome_code: change.code, code: change.languageCode, label: change.label, updated_at: at })
    .onConflict((conflict) =>
      conflict.columns(["rome_code", "code"]).doUpdateSet({ label: change.label, updated_at: at }),
    )
    .execute();
  await recordAudit(
    trx,
    {
      uid: change.uid,
      action: before ? "update" : "create",
      entity: "rome_labels",
      entityId: `${change.code}/${change.languageCode}`,
      before: before ? { label: before.label } : undefined,
      after: { label: change.label },
    },
    now,
  );
  return true;
}

/** Removes a code's label in one language; the official label can only be edited. A 404 when there is none. */
export async function removeJobLabel(
  services: AdminServices,
  change: LabelChange,
  preconditions: Preconditions,
  now = new Date(),
): Promise<void> {
  await checkCodeAndLanguage(services.database.db, change.code, change.languageCode);
  if (change.languageCode === ROME_SOURCE_LANGUAGE) {
    throw invalid(
      "invalid_field",
      "languageCode: the official French label cannot be removed, only edited.",
      "languageCode",
    );
  }
  await writeContent(
    services,
    async (trx) => {
      const before = await storedLabel(trx, change);
      if (!before) throw notFound("not_found", `${change.code} has no label in ${change.languageCode}.`);
      await requireCurrentLabel(trx, services.database.dialect, change, preconditions);
      await trx
        .deleteFrom("rome_labels")
        .where("rome_code", "=", change.code)
        .where("code", "=", change.languageCode)
        .execute();
      await recordAudit(
        trx,
        {
          uid: change.uid,
          action: "delete",
          entity: "rome_labels",
          entityId: `${change.code}/${change.languageCode}`,
          before: { label: before.label },
        },
        now,
      );
    },
    { change: () => jobsChange([change.code]) },
  );
}

/**
 * All codes as the official CSV. The official file lists codes by ogr id
 * (codes added later come last, e.g. K1305), so the export keeps that order,
 * codes without an ogr id last, and an unchanged table exports byte for byte
 * the official file.
 */
export async function exportCsv(services: AdminServices): Promise<string> {
  const { db } = services.database;
  const jobs = await db.selectFrom("rome_jobs").select(["code", "ogr", "label"]).orderBy("code").execute();
  const byOgr = (ogr: number | null) => ogr ?? Number.POSITIVE_INFINITY;
  return toCsv(jobs.sort((a, b) => byOgr(a.ogr) - byOgr(b.ogr) || (a.code < b.code ? -1 : 1)));
}
