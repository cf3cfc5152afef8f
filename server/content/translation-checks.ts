/**
 * The quality check a translation's save cannot pass (decision 0212): a code fence its body opens and never
 * closes, where the source's body has none, would show the rest of the page as code. The workbench refuses it
 * while the translator types; this refuses it from any client (the API, the XLIFF import).
 */
import type { Transaction } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { invalid } from "#core/errors.ts";
import { pageBreakingProblems, type QualityProblem } from "#core/segments/checks.ts";
import { OFF_THREAD_BODY_CHARS, runOffThreadForRequest } from "#server/untrusted/off-thread.ts";

/** The check on a worker thread for long bodies (decision 0142): parsing 200 000 hostile characters takes a second. */
async function problemsOf(source: string, target: string): Promise<QualityProblem[]> {
  if (source.length + target.length <= OFF_THREAD_BODY_CHARS) return pageBreakingProblems(source, target);
  const checked = await runOffThreadForRequest<{ source: string; target: string }, QualityProblem[]>(
    "check the body's code fences",
    "#core/segments/checks.ts",
    "pageBreakingProblemsOf",
    { source, target },
  );
  if (!checked.ok) throw invalid("invalid_field", `body: ${checked.message}`, "body");
  return checked.value;
}

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
  if (!source || (await problemsOf(source.body, body)).length === 0) return;
  throw invalid(
    "invalid_field",
    "body: a code fence (```) is opened and never closed, so the rest of the page would be shown as code; close it.",
    "body",
  );
}
