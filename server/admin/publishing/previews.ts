/**
 * Signed draft-preview links of a language version: the newest working ones listed with its publishing
 * state, created (the URL with its token shown once) and revoked, each one audited transaction.
 */
import type { Kysely, Transaction } from "kysely";
import type { AdminServices } from "#server/content/context.ts";
import type { ArticleVersionRow, Database } from "#server/db/schema.ts";
import { notFound } from "#core/errors.ts";
import { recordAudit } from "#server/audit/record.ts";
import { writeContent } from "#server/admin/content-write.ts";
import { previewToken } from "#server/content/preview.ts";
import { previewPath } from "#core/paths.ts";
import type { CreatePreviewInput, PreviewLink } from "#core/admin/publishing/schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

const PREVIEW_LINK = "preview_link";
/** Working preview links listed per version: the newest. */
const LISTED_PREVIEWS = 20;
const DAY_MS = 24 * 60 * 60 * 1000;

export async function requireVersion(db: Db, id: number, code: string): Promise<ArticleVersionRow> {
  const row = await db
    .selectFrom("article_versions")
    .selectAll()
    .where("article_id", "=", id)
    .where("code", "=", code)
    .executeTakeFirst();
  if (!row) throw notFound("not_found", `code: article ${id} has no ${code} version.`, "code");
  return row;
}

function toPreviewLink(row: {
  id: number;
  created_by: string | null;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}): PreviewLink {
  return {
    id: row.id,
    createdBy: row.created_by,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
  };
}

/** The version's newest working (neither revoked nor expired) preview links. */
export async function workingPreviewLinks(db: Db, id: number, code: string): Promise<PreviewLink[]> {
  const rows = await db
    .selectFrom("preview_links")
    .selectAll()
    .where("article_id", "=", id)
    .where("code", "=", code)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", new Date().toISOString())
    .orderBy("id", "desc")
    .limit(LISTED_PREVIEWS)
    .execute();
  return rows.map(toPreviewLink);
}

/** A new preview link for a version; its URL (with the token) is only in this answer. */
export async function createPreviewLink(
  services: AdminServices,
  actorUid: string,
  id: number,
  code: string,
  input: CreatePreviewInput,
): Promise<PreviewLink> {
  const { config } = services;
  return writeContent(
    services,
    async (trx) => {
      await requireVersion(trx, id, code);
      const language = await trx
        .selectFrom("languages")
        .select("short_code")
        .where("code", "=", code)
        .executeTakeFirstOrThrow();
      const now = new Date();
      // Whole seconds: the token carries the expiry in seconds.
      const expires = new Date(
        Math.floor((now.getTime() + (input.days ?? config.publishing.previewLinkDays) * DAY_MS) / 1000) * 1000,
      );
      const row = await trx
        .insertInto("preview_links")
        .values({
          article_id: id,
          code,
          created_by: actorUid,
          created_at: now.toISOString(),
          expires_at: expires.toISOString(),
          revoked_at: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const link = toPreviewLink(row);
      await recordAudit(trx, {
        uid: actorUid,
        action: "create",
        entity: PREVIEW_LINK,
        entityId: String(row.id),
        after: { ...link, article: id, code },
      });
      return {
        ...link,
        url: `${config.publicUrl}${previewPath(language.short_code, previewToken(config, row.id, expires))}`,
      };
    },
    { changedContent: () => false },
  );
}

/** Withdraws a preview link at once: its URL then answers 410. */
export async function revokePreviewLink(
  services: AdminServices,
  actorUid: string,
  id: number,
  code: string,
  linkId: number,
): Promise<PreviewLink> {
  return writeContent(
    services,
    async (trx) => {
      const row = await trx
        .selectFrom("preview_links")
        .selectAll()
        .where("id", "=", linkId)
        .where("article_id", "=", id)
        .where("code", "=", code)
        .executeTakeFirst();
      if (!row)
        throw notFound(
          "not_found",
          `linkId: the ${code} version of article ${id} has no preview link ${linkId}.`,
          "linkId",
        );
      if (row.revoked_at !== null) return toPreviewLink(row);
      const revoked = await trx
        .updateTable("preview_links")
        .set({ revoked_at: new Date().toISOString() })
        .where("id", "=", linkId)
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(trx, {
        uid: actorUid,
        action: "revoke",
        entity: PREVIEW_LINK,
        entityId: String(linkId),
        before: toPreviewLink(row),
        after: toPreviewLink(revoked),
      });
      return toPreviewLink(revoked);
    },
    { changedContent: () => false },
  );
}
