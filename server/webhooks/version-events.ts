/**
 * The webhook events of a language version's writes (server/content/versions.ts, the one owner of them), enqueued
 * in the write's transaction (./outbox.ts): published, unpublished, updated, and the translations it made outdated.
 */
import type { Transaction } from "kysely";
import type { ArticleStatus } from "#core/article-rules.ts";
import { isOutdated, type TranslationState } from "#core/translation-status.ts";
import type { ArticleVersionRow, Database } from "#server/db/schema.ts";
import { enqueueWebhookEvent } from "./outbox.ts";

type VersionRow = Pick<ArticleVersionRow, "article_id" | "code" | "slug" | "title" | "published_at">;

const versionOf = (row: VersionRow) => ({
  article: row.article_id,
  language: row.code,
  slug: row.slug,
  title: row.title,
  publishedAt: row.published_at,
});

/** The webhook events of a version write (server/webhooks/outbox.ts): in its transaction, so exactly once. */
export async function tellWebhooks(
  trx: Transaction<Database>,
  statusBefore: ArticleStatus | null,
  row: ArticleVersionRow,
  textWritten: boolean,
  translation: { before: TranslationState; after: TranslationState },
): Promise<void> {
  const version = versionOf(row);
  const live = row.status === "published";
  if (live && statusBefore !== "published") await enqueueWebhookEvent(trx, "version.published", version);
  else if (!live && statusBefore === "published")
    await enqueueWebhookEvent(trx, "version.unpublished", { ...version, reason: "unpublished" });
  else if (live && textWritten) await enqueueWebhookEvent(trx, "version.updated", version);
  for (const code of translation.after.bases.keys()) {
    if (isOutdated(translation.after, code) && !isOutdated(translation.before, code)) {
      await enqueueWebhookEvent(trx, "translation.outdated", {
        article: row.article_id,
        language: code,
        sourceLanguage: translation.after.source,
        sourceRevision: translation.after.revision,
        basedOn: translation.after.bases.get(code),
      });
    }
  }
}

/** A live version deleted: it went off the site. */
export async function tellWebhooksOfDeletion(trx: Transaction<Database>, row: VersionRow): Promise<void> {
  await enqueueWebhookEvent(trx, "version.unpublished", { ...versionOf(row), reason: "deleted" });
}
