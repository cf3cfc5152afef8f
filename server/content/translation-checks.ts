/**
 * The quality check a translation's save cannot pass (decision 0212): a code fence its body opens and never
 * closes, where the source's body has none, would show the rest of the page as code. The workbench refuses it
 * while the translator types; this refuses it from any client (the API, the XLIFF import).
 */
import type { Transaction } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { invalid } from "#core/errors.ts";
import { pageBreakingProblems } from "#core/segments/checks.ts";

export async function refusePageBreakingTranslation(
  trx: Transaction<Database>,
  blog: { id: number; source_code: string | null },
  code: string,
  body: string,
): Promise<void> {
  if (blog.source_code === null || blog.source_code === code) return;
  const source = await trx
    .selectFrom("article_versions")
    .select("body")
    .where("article_id", "=", blog.id)
    .where("code", "=", blog.source_code)
    .executeTakeFirst();
  if (!source || pageBreakingProblems(source.body, body).length === 0) return;
  throw invalid(
    "invalid_field",
    "body: a code fence (```) is opened and never closed, so the rest of the page would be shown as code; close it.",
    "body",
  );
}
