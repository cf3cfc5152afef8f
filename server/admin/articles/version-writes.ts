/**
 * A language version's writes through the admin API (/admin/articles/{id}/versions/{code}): save, delete,
 * and the version's own actions (publish, unpublish, discard, mark up to date). Each is one writeContent
 * transaction (search index and change announcement, server/admin/content-write.ts) around the one owner of
 * version writes (server/content/versions.ts, decision 0150), answered with the version and the article.
 */
import type { Transaction } from "kysely";
import type { AdminServices } from "#server/content/context.ts";
import { slugify } from "#core/text.ts";
import type { Database } from "#server/db/schema.ts";
import { AppError } from "#core/errors.ts";
import type { Preconditions } from "#server/http/preconditions.ts";
import { writeContent } from "#server/admin/content-write.ts";
import * as versions from "#server/content/versions.ts";
import { refuseCreatedMeanwhile, type VersionWrite } from "#server/content/version-steps.ts";
import type { AdminArticle, AdminVersionDetail, VersionInput } from "#core/admin/articles/schema.ts";
import { requireArticle } from "./reads.ts";

/** Who writes a version through the admin API, and what the request was made from (If-Match). */
export interface VersionRequest {
  actorUid: string;
  preconditions: Preconditions;
  /** The publish right in the version's language (decision 0072). */
  mayPublish: boolean;
}

function versionWrite(services: AdminServices, request: VersionRequest): VersionWrite {
  return {
    services,
    preconditions: request.preconditions,
    actor: { uid: request.actorUid, auditUid: request.actorUid, mayPublish: request.mayPublish },
  };
}

/** The 409 a slug taken by a concurrent write becomes. */
export function slugConflict(code: string, input: Pick<VersionInput, "slug" | "title">) {
  const slug = input.slug || slugify(input.title);
  return { field: "slug", message: `another article in ${code} already uses the slug "${slug}"; choose another.` };
}

/** A version write's answer: the version as its GET answers it, and the article (as the screens read it). */
export interface VersionWritten {
  article: AdminArticle;
  version: AdminVersionDetail;
}

/**
 * Creates or replaces one language version, or saves pending changes beside a published one
 * (server/content/versions.ts saveVersion): one transaction, the article's pages refreshed when
 * the public text changed. `restoredFrom`: a restore of that revision.
 */
export async function saveVersion(
  services: AdminServices,
  request: VersionRequest,
  id: number,
  code: string,
  input: VersionInput,
  restoredFrom?: number,
): Promise<VersionWritten & { created: boolean }> {
  try {
    return await writeContent(
      services,
      async (trx) => {
        const saved = await versions.saveVersion(trx, versionWrite(services, request), id, code, input, restoredFrom);
        return { ...saved, article: await requireArticle(trx, id) };
      },
      { conflict: slugConflict(code, input), articles: { ids: [id] }, changedContent: (saved) => saved.changedPublic },
    );
  } catch (error) {
    if (error instanceof AppError && error.kind === "conflict")
      await refuseCreatedMeanwhile(services.database.db, request.preconditions, id, code);
    throw error;
  }
}

export async function deleteVersion(
  services: AdminServices,
  request: VersionRequest,
  id: number,
  code: string,
): Promise<void> {
  await writeContent(services, (trx) => versions.deleteVersion(trx, versionWrite(services, request), id, code), {
    articles: { ids: [id] },
  });
}

/** One of a version's own actions (publish, unpublish, discard, mark up to date) through writeContent, answered with the article. */
export async function versionAction(
  services: AdminServices,
  request: VersionRequest,
  id: number,
  code: string,
  action: (trx: Transaction<Database>, write: VersionWrite, id: number, code: string) => Promise<AdminVersionDetail>,
  { changesPublic = true } = {},
): Promise<VersionWritten> {
  return writeContent(
    services,
    async (trx) => ({
      version: await action(trx, versionWrite(services, request), id, code),
      article: await requireArticle(trx, id),
    }),
    {
      articles: { ids: [id] },
      changedContent: () => changesPublic,
    },
  );
}

/**
 * A translator checked the version in `code` against the current source and it needs no change:
 * its base becomes the current revision (Up to date), its text and dates stay. The publish right; audited.
 */
export async function markVersionUpToDate(
  services: AdminServices,
  request: VersionRequest,
  id: number,
  code: string,
): Promise<VersionWritten> {
  return versionAction(services, request, id, code, versions.markVersionUpToDate);
}
