/**
 * The translation dashboard's figures: per language, UI strings, articles by translation
 * status and ROME job labels. Grouped counts over indexes (articles: the
 * article_versions_translation_index, read without touching the table).
 */
import { sql } from "kysely";
import type { AdminServices } from "#server/content/context.ts";
import { ROME_SOURCE_LANGUAGE } from "#core/rome.ts";
import { inScope, ownReading } from "#core/auth/reading.ts";
import type { Grant } from "#core/auth/roles.ts";
import { coverage, type TranslationDashboard } from "#core/admin/translation-dashboard/schema.ts";

const count = sql<string | number>`count(*)`.as("count");

/** The figures as `reader` may read them (decision 0147): a translator's own languages only. */
export function translationDashboardAsReadBy(
  reader: Grant | null,
  dashboard: TranslationDashboard,
): TranslationDashboard {
  const scope = ownReading(reader);
  return scope === "all"
    ? dashboard
    : { languages: dashboard.languages.filter((language) => inScope(scope, language.code)) };
}

export async function translationDashboard(services: AdminServices): Promise<TranslationDashboard> {
  const { db } = services.database;
  const [languages, keys, strings, articles, versions, sources, jobs, labels, drafts] = await Promise.all([
    db
      .selectFrom("languages")
      .select(["code", "label", "dir", "enabled"])
      .orderBy("enabled", "desc")
      .orderBy("population", "desc")
      .orderBy("id")
      .execute(),
    db
      .selectFrom("translations")
      .select(sql<string | number>`count(distinct code_component)`.as("count"))
      .executeTakeFirstOrThrow(),
    db.selectFrom("translations").select(["code", count]).groupBy("code").execute(),
    db.selectFrom("articles").select(count).executeTakeFirstOrThrow(),
    db
      .selectFrom("article_versions")
      .select(["code", "status", "outdated", count])
      .groupBy(["code", "outdated", "status"])
      .execute(),
    db
      .selectFrom("articles")
      .select(["source_code", count])
      .where("source_code", "is not", null)
      .groupBy("source_code")
      .execute(),
    db.selectFrom("rome_jobs").select(count).executeTakeFirstOrThrow(),
    db.selectFrom("rome_labels").select(["code", count]).groupBy("code").execute(),
    db.selectFrom("article_drafts").select(["code", count]).groupBy("code").execute(),
  ]);
  const totalArticles = Number(articles.count);
  const totalJobs = Number(jobs.count);
  const stringsOf = new Map(strings.map((row) => [row.code, Number(row.count)]));
  const labelsOf = new Map(labels.map((row) => [row.code, Number(row.count)]));
  const sourcesOf = new Map(sources.map((row) => [row.source_code, Number(row.count)]));
  const pendingOf = new Map(drafts.map((row) => [row.code, Number(row.count)]));
  return {
    languages: languages.map((language) => {
      const own = versions.filter((row) => row.code === language.code);
      const sum = (match: (row: (typeof own)[number]) => boolean) =>
        own.filter(match).reduce((total, row) => total + Number(row.count), 0);
      const current = sum((row) => row.status === "published" && row.outdated === 0);
      const outdated = sum((row) => row.status === "published" && row.outdated === 1);
      const draft = sum((row) => row.status !== "published");
      return {
        code: language.code,
        label: language.label,
        dir: language.dir,
        enabled: language.enabled === 1,
        strings: coverage(stringsOf.get(language.code) ?? 0, Number(keys.count)),
        articles: {
          ...coverage(current, totalArticles),
          outdated,
          draft,
          missing: totalArticles - current - outdated - draft,
          source: sourcesOf.get(language.code) ?? 0,
          pending: pendingOf.get(language.code) ?? 0,
        },
        jobs: coverage(
          language.code === ROME_SOURCE_LANGUAGE ? totalJobs : (labelsOf.get(language.code) ?? 0),
          totalJobs,
        ),
      };
    }),
  };
}
