/**
 * A language version's history (/admin/articles/:id, History): its revisions
 * newest first, a field-by-field diff between any two, and restore — which
 * writes the old content through the same path as a save, so it is itself a
 * new revision and an audited change (the version keeps its current status).
 */
import type { Kysely, Selectable } from "kysely";
import type { AdminServices } from "#server/content/context.ts";
import type { ArticleRevisionsTable, Database } from "#server/db/schema.ts";
import { notFound } from "#core/errors.ts";
import { saveVersion, type VersionRequest, type VersionWritten } from "#server/admin/articles/version-writes.ts";
import { diffRevisions } from "#core/revisions.ts";
import { revisionText, type SharedTextColumn } from "#server/content/revisions.ts";
import type { Revision, RevisionComparison, RevisionSummary } from "#core/admin/publishing/schema.ts";

type RevisionRow = Omit<Selectable<ArticleRevisionsTable>, "text_in_version"> & {
  display_name: string | null;
  email: string | null;
  restored_number: number | null;
};

function selectRevisions(db: Kysely<Database>, id: number, code: string) {
  const text = (column: SharedTextColumn) => revisionText(column, "article_revisions", "live").as(column);
  return db
    .selectFrom("article_revisions")
    .leftJoin("users", "users.uid", "article_revisions.uid")
    .leftJoin("article_revisions as restored", "restored.id", "article_revisions.restored_from")
    .leftJoin("article_versions as live", (join) =>
      join
        .onRef("live.article_id", "=", "article_revisions.article_id")
        .onRef("live.code", "=", "article_revisions.code"),
    )
    .select([
      "article_revisions.id",
      "article_revisions.article_id",
      "article_revisions.code",
      "article_revisions.action",
      "article_revisions.uid",
      "article_revisions.slug",
      "article_revisions.status",
      "article_revisions.restored_from",
      "article_revisions.created_at",
      "article_revisions.number",
      "article_revisions.machine_segments",
      text("title"),
      text("summary"),
      text("body"),
      text("cover_alt"),
    ])
    .select(["users.display_name", "users.email", "restored.number as restored_number"])
    .where("article_revisions.article_id", "=", id)
    .where("article_revisions.code", "=", code);
}

function toSummary(row: RevisionRow): RevisionSummary {
  return {
    id: row.id,
    action: row.action,
    uid: row.uid,
    by: row.display_name ?? row.email,
    title: row.title,
    status: row.status,
    number: row.number,
    restoredFrom: row.restored_from,
    restoredFromNumber: row.restored_number,
    createdAt: row.created_at,
    machineSegments: row.machine_segments,
  };
}

function toRevision(row: RevisionRow): Revision {
  return { ...toSummary(row), slug: row.slug, summary: row.summary, body: row.body, coverAlt: row.cover_alt };
}

/** Every kept revision of a version, newest first (at most REVISIONS_PER_VERSION of them). */
export async function listRevisions(services: AdminServices, id: number, code: string): Promise<RevisionSummary[]> {
  const { db } = services.database;
  const rows = await selectRevisions(db, id, code)
    .orderBy("article_revisions.id", "desc")
    .limit(services.config.publishing.revisionsPerVersion)
    .execute();
  return rows.map(toSummary);
}

async function requireRevision(
  db: Kysely<Database>,
  id: number,
  code: string,
  revisionId: number,
  field: string,
): Promise<RevisionRow> {
  const row = await selectRevisions(db, id, code).where("article_revisions.id", "=", revisionId).executeTakeFirst();
  if (!row)
    throw notFound("not_found", `${field}: the ${code} version of article ${id} has no revision ${revisionId}.`, field);
  return row;
}

export async function findRevision(
  services: AdminServices,
  id: number,
  code: string,
  revisionId: number,
): Promise<Revision> {
  return toRevision(await requireRevision(services.database.db, id, code, revisionId, "revisionId"));
}

/** What changed from revision `from` to revision `to` (either may be the older). */
export async function compareRevisions(
  services: AdminServices,
  id: number,
  code: string,
  fromId: number,
  toId: number,
): Promise<RevisionComparison> {
  const { db } = services.database;
  const [from, to] = await Promise.all([
    requireRevision(db, id, code, fromId, "from"),
    requireRevision(db, id, code, toId, "to"),
  ]);
  return { from: toSummary(from), to: toSummary(to), fields: diffRevisions(toRevision(from), toRevision(to), code) };
}

/**
 * Brings a revision's text back as a save (a new revision, audited): the status stays what it is now,
 * so a published version's text goes live again (the publish right), a version not published keeps it as its working text.
 */
export async function restoreRevision(
  services: AdminServices,
  request: VersionRequest,
  id: number,
  code: string,
  revisionId: number,
): Promise<VersionWritten> {
  const revision = await findRevision(services, id, code, revisionId);
  const current = await services.database.db
    .selectFrom("article_versions")
    .select("status")
    .where("article_id", "=", id)
    .where("code", "=", code)
    .executeTakeFirst();
  if (!current) throw notFound("not_found", `code: article ${id} has no ${code} version to restore into.`, "code");
  const content = {
    title: revision.title,
    slug: revision.slug,
    summary: revision.summary,
    body: revision.body,
    coverAlt: revision.coverAlt,
    status: current.status,
  };
  return saveVersion(services, request, id, code, content, revisionId);
}
