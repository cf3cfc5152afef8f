/**
 * The glossary of each language pair (issue 45 item 3, decision 0217): editors and admins write it; a translator of
 * the target language proposes terms, which stay "proposed" until an editor approves them. Every change is audited.
 */
import type { Kysely, Selectable, Transaction } from "kysely";
import type {
  GlossaryImportReport,
  GlossaryInput,
  GlossaryStatus,
  GlossaryTermView,
  GlossaryUpdate,
} from "#core/admin/glossary/schema.ts";
import { may } from "#core/auth/roles.ts";
import type { SignedInUser } from "#core/shell.ts";
import { conflict, invalid, notFound } from "#core/errors.ts";
import type { AdminServices } from "#server/content/context.ts";
import { lockedForWrite } from "#server/db/locks.ts";
import type { GlossaryTermsTable } from "#server/db/memory-schema.ts";
import type { Database } from "#server/db/schema.ts";
import { entityTag, requireCurrent, type Preconditions } from "#server/http/preconditions.ts";
import { recordAudit } from "#server/audit/record.ts";
import { canonicalLanguage } from "#server/auth/access.ts";
import { glossaryCsv, type CsvTerm } from "./csv.ts";

type Db = Kysely<Database> | Transaction<Database>;
const ENTITY = "glossary_term";

export const glossaryTag = (term: GlossaryTermView) => entityTag(term);

function toView(row: Selectable<GlossaryTermsTable>): GlossaryTermView {
  return {
    id: row.id,
    from: row.source_code,
    to: row.target_code,
    term: row.term,
    translation: row.translation,
    forbidden: JSON.parse(row.forbidden) as string[],
    note: row.note,
    status: row.status,
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The pair's codes as stored ("fr" → "fr-FR"); a 400 naming the field for a language the site does not have. */
export async function languagePair(services: AdminServices, from: string, to: string): Promise<[string, string]> {
  const codes = await Promise.all([from, to].map((code) => canonicalLanguage(services, code)));
  const known = new Set(
    (await services.database.db.selectFrom("languages").select("code").execute()).map((row) => row.code),
  );
  for (const [field, code] of [
    ["from", codes[0]!],
    ["to", codes[1]!],
  ] as const)
    if (!known.has(code)) throw invalid("invalid_field", `${field}: ${code} is not a language of this site.`, field);
  if (codes[0] === codes[1]) throw invalid("invalid_field", "to: must be another language than from.", "to");
  return [codes[0]!, codes[1]!];
}

export async function listTerms(
  services: AdminServices,
  from: string,
  to: string,
  status?: GlossaryStatus,
): Promise<GlossaryTermView[]> {
  const [source, target] = await languagePair(services, from, to);
  const rows = await services.database.db
    .selectFrom("glossary_terms")
    .selectAll()
    .where("source_code", "=", source)
    .where("target_code", "=", target)
    .$if(status !== undefined, (query) => query.where("status", "=", status!))
    .orderBy("term")
    .execute();
  return rows.map(toView);
}

export async function findTerm(db: Db, id: number): Promise<GlossaryTermView | null> {
  const row = await db.selectFrom("glossary_terms").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toView(row) : null;
}

async function refuseTaken(db: Db, source: string, target: string, term: string, except?: number): Promise<void> {
  const taken = await db
    .selectFrom("glossary_terms")
    .select("id")
    .where("source_code", "=", source)
    .where("target_code", "=", target)
    .where("term", "=", term)
    .$if(except !== undefined, (query) => query.where("id", "!=", except!))
    .executeTakeFirst();
  if (taken)
    throw conflict("conflict", `term: ${JSON.stringify(term)} is in this glossary already (id ${taken.id}).`, "term");
}

/** An editor's or admin's term is approved; a translator's (checked for the target language by the route) proposed. */
export async function createTerm(
  services: AdminServices,
  user: SignedInUser,
  input: GlossaryInput,
): Promise<GlossaryTermView> {
  const [source, target] = await languagePair(services, input.from, input.to);
  const status: GlossaryStatus = may(user, "content.manage") ? "approved" : "proposed";
  const now = new Date().toISOString();
  return services.database.db.transaction().execute(async (trx) => {
    await refuseTaken(trx, source, target, input.term);
    const row = await trx
      .insertInto("glossary_terms")
      .values({
        source_code: source,
        target_code: target,
        term: input.term,
        translation: input.translation,
        forbidden: JSON.stringify(input.forbidden),
        note: input.note,
        status,
        created_by: user.uid,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const term = toView(row);
    await recordAudit(trx, { uid: user.uid, action: "create", entity: ENTITY, entityId: String(row.id), after: term });
    return term;
  });
}

async function lockedTerm(
  trx: Transaction<Database>,
  services: AdminServices,
  id: number,
  preconditions: Preconditions,
): Promise<GlossaryTermView> {
  await lockedForWrite(
    trx.selectFrom("glossary_terms").select("id").where("id", "=", id),
    services.database.dialect,
  ).execute();
  const current = await findTerm(trx, id);
  if (!current) throw notFound("not_found", `id: no glossary term ${id}.`, "id");
  requireCurrent(preconditions, current, `glossary term ${id}`, glossaryTag);
  return current;
}

/** Changes the fields sent; approving a proposed term is `status: "approved"`. */
export async function updateTerm(
  services: AdminServices,
  uid: string,
  id: number,
  patch: GlossaryUpdate,
  preconditions: Preconditions,
): Promise<GlossaryTermView> {
  return services.database.db.transaction().execute(async (trx) => {
    const before = await lockedTerm(trx, services, id, preconditions);
    if (patch.term !== undefined) await refuseTaken(trx, before.from, before.to, patch.term, id);
    await trx
      .updateTable("glossary_terms")
      .set({
        ...(patch.term !== undefined && { term: patch.term }),
        ...(patch.translation !== undefined && { translation: patch.translation }),
        ...(patch.forbidden !== undefined && { forbidden: JSON.stringify(patch.forbidden) }),
        ...(patch.note !== undefined && { note: patch.note }),
        ...(patch.status !== undefined && { status: patch.status }),
        updated_at: new Date().toISOString(),
      })
      .where("id", "=", id)
      .execute();
    const after = (await findTerm(trx, id))!;
    await recordAudit(trx, { uid, action: "update", entity: ENTITY, entityId: String(id), before, after });
    return after;
  });
}

export async function deleteTerm(
  services: AdminServices,
  uid: string,
  id: number,
  preconditions: Preconditions,
): Promise<void> {
  await services.database.db.transaction().execute(async (trx) => {
    const before = await lockedTerm(trx, services, id, preconditions);
    await trx.deleteFrom("glossary_terms").where("id", "=", id).execute();
    await recordAudit(trx, { uid, action: "delete", entity: ENTITY, entityId: String(id), before });
  });
}

export async function exportGlossary(services: AdminServices, from: string, to: string): Promise<string> {
  return glossaryCsv(await listTerms(services, from, to, "approved"));
}

const folded = (term: string) => term.normalize("NFKC").toLocaleLowerCase("und");

/**
 * A file's terms (read and checked already) into the pair's glossary, approved: a term it has (whatever its case) takes
 * the file's translation, forbidden list and note; the others are added. A dry run reports the same and writes nothing.
 */
export async function importGlossary(
  services: AdminServices,
  uid: string,
  pair: { from: string; to: string },
  terms: readonly CsvTerm[],
  dryRun: boolean,
): Promise<GlossaryImportReport> {
  const [source, target] = await languagePair(services, pair.from, pair.to);
  const report: GlossaryImportReport = { dryRun, added: 0, changed: 0, unchanged: 0 };
  const now = new Date().toISOString();
  await services.database.db.transaction().execute(async (trx) => {
    const stored = new Map(
      (
        await trx
          .selectFrom("glossary_terms")
          .selectAll()
          .where("source_code", "=", source)
          .where("target_code", "=", target)
          .execute()
      ).map((row) => [folded(row.term), toView(row)]),
    );
    for (const entry of terms) {
      const values = { translation: entry.translation, forbidden: JSON.stringify(entry.forbidden), note: entry.note };
      const known = stored.get(folded(entry.term));
      if (known === undefined) {
        report.added += 1;
        if (!dryRun)
          await trx
            .insertInto("glossary_terms")
            .values({
              source_code: source,
              target_code: target,
              term: entry.term,
              ...values,
              status: "approved",
              created_by: uid,
              created_at: now,
              updated_at: now,
            })
            .execute();
      } else if (
        known.translation === entry.translation &&
        JSON.stringify(known.forbidden) === values.forbidden &&
        known.note === entry.note &&
        known.status === "approved"
      )
        report.unchanged += 1;
      else {
        report.changed += 1;
        if (!dryRun)
          await trx
            .updateTable("glossary_terms")
            .set({ ...values, status: "approved", updated_at: now })
            .where("id", "=", known.id)
            .execute();
      }
    }
    if (!dryRun && report.added + report.changed > 0)
      await recordAudit(trx, { uid, action: "import", entity: ENTITY, entityId: `${source}>${target}`, after: report });
  });
  return report;
}
