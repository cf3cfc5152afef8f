/**
 * Deleting a language (docs/product.md §3): what it holds, for the delete dialog, and the deletion that
 * keeps its content stored off the site or removes it, in one transaction with its audit entry.
 */
import type { AdminServices } from "#server/content/context.ts";
import { conflict, notFound } from "#core/errors.ts";
import type { Preconditions } from "#server/http/preconditions.ts";
import { recordAudit } from "#server/audit/record.ts";
import { writeContent } from "#server/admin/content-write.ts";
import { parseFallbacks } from "#server/content/resident.ts";
import { syncMediaUsage } from "#server/media/usage.ts";
import type { LanguageContentChoice, LanguageContentCounts } from "#core/admin/languages/schema.ts";
import { currentLanguage, LANGUAGE_ENTITY, lockedLanguages, toAdminLanguage } from "./service.ts";

/** What a language holds, for the delete dialog (each count is one indexed count). */
export async function languageContentCounts(services: AdminServices, id: number): Promise<LanguageContentCounts> {
  const { db } = services.database;
  const language = await db.selectFrom("languages").select("code").where("id", "=", id).executeTakeFirst();
  if (!language) throw notFound("not_found", `No language with id ${id}.`);
  const count = (rows: { count: string | number | bigint } | undefined) => Number(rows?.count ?? 0);
  const { code } = language;
  const [strings, articleVersions, jobLabels, altTexts] = await Promise.all([
    db
      .selectFrom("translations")
      .select((eb) => eb.fn.countAll().as("count"))
      .where("code", "=", code)
      .executeTakeFirst(),
    db
      .selectFrom("article_versions")
      .select((eb) => eb.fn.countAll().as("count"))
      .where("code", "=", code)
      .executeTakeFirst(),
    db
      .selectFrom("rome_labels")
      .select((eb) => eb.fn.countAll().as("count"))
      .where("code", "=", code)
      .executeTakeFirst(),
    db
      .selectFrom("media_alt")
      .select((eb) => eb.fn.countAll().as("count"))
      .where("code", "=", code)
      .executeTakeFirst(),
  ]);
  return {
    strings: count(strings),
    articleVersions: count(articleVersions),
    jobLabels: count(jobLabels),
    altTexts: count(altTexts),
  };
}

/**
 * Deletes a language (never the favorite, never the last one). Its HOME entry
 * is derived from the language row and always goes; with "remove" its UI
 * strings, the other languages' names for it, its article versions, job labels
 * and alt texts go too; with "keep" they stay stored, off the site, and come
 * back if the same tag is added again.
 */
export async function deleteLanguage(
  services: AdminServices,
  uid: string,
  id: number,
  content: LanguageContentChoice,
  preconditions: Preconditions,
): Promise<void> {
  await writeContent(services, async (trx) => {
    const languages = await lockedLanguages(trx, services.database.dialect);
    const doomed = currentLanguage(languages, id, preconditions);
    if (doomed.favorite === 1) {
      throw conflict(
        "favorite_cannot_be_deleted",
        `${doomed.label} is the favorite language; make another language the favorite before deleting it.`,
        "favorite",
      );
    }
    if (languages.length === 1)
      throw conflict("last_language", `${doomed.label} is the site's only language; add another before deleting it.`);
    const { code } = doomed;
    // No chain may name a language that is gone (decision 0085): drop it from every other language's fallbacks.
    for (const other of languages) {
      const chain = parseFallbacks(other.fallbacks);
      if (other.id !== id && chain.includes(id)) {
        await trx
          .updateTable("languages")
          .set({ fallbacks: JSON.stringify(chain.filter((fallback) => fallback !== id)) })
          .where("id", "=", other.id)
          .execute();
      }
    }
    let removed: LanguageContentCounts | null = null;
    if (content === "remove") {
      const withImages = await trx
        .selectFrom("article_versions")
        .select("article_id")
        .where("code", "=", code)
        .where("body", "like", "%media:%")
        .execute();
      const deleted = async (query: { executeTakeFirst(): Promise<{ numDeletedRows: bigint }> }) =>
        Number((await query.executeTakeFirst()).numDeletedRows);
      removed = {
        // Its own strings, and every language's name for it.
        strings:
          (await deleted(trx.deleteFrom("translations").where("code", "=", code))) +
          (await deleted(trx.deleteFrom("translations").where("code_component", "=", doomed.code_component))),
        articleVersions: await deleted(trx.deleteFrom("article_versions").where("code", "=", code)),
        jobLabels: await deleted(trx.deleteFrom("rome_labels").where("code", "=", code)),
        altTexts: await deleted(trx.deleteFrom("media_alt").where("code", "=", code)),
      };
      await syncMediaUsage(
        trx,
        withImages.map((row) => row.article_id),
      );
    } else {
      // The HOME entry is derived from the language row: adding the tag again makes it anew.
      await trx.deleteFrom("translations").where("code", "=", code).where("code_component", "=", "HOME").execute();
    }
    await trx.deleteFrom("languages").where("id", "=", id).execute();
    await recordAudit(trx, {
      uid,
      action: "delete",
      entity: LANGUAGE_ENTITY,
      entityId: String(id),
      before: toAdminLanguage(doomed),
      after: { content, removed },
    });
  });
}
