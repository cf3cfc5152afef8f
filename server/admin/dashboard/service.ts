/** The live figures on the admin dashboard's cards, read straight from the database (drafts included). */
import { sql } from "kysely";
import type { DashboardFigures } from "#core/admin/dashboard/schema.ts";
import type { LanguageScope } from "#core/auth/reading.ts";
import type { AdminServices } from "#server/content/context.ts";

const WEEK_MS = 7 * 86_400_000;

type Count = number | string | bigint;

/** `scope`: the languages whose strings and versions are counted (a translator's own: core/auth/reading.ts ownReading). */
export async function dashboardFigures(
  services: AdminServices,
  now = new Date(),
  scope: LanguageScope = "all",
): Promise<DashboardFigures> {
  const { db } = services.database;
  // Compared in lower case, as a translator's codes are (an empty list matches nothing).
  const codes = scope === "all" ? null : [...scope, ""];
  const weekAgo = new Date(now.getTime() - WEEK_MS).toISOString();
  const [languages, counted, keys, filled, articles, users, events, audit, romes] = await Promise.all([
    db
      .selectFrom("languages")
      .select((eb) => [eb.fn.countAll<Count>().as("total"), eb.fn.sum<Count | null>("enabled").as("enabled")])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("languages")
      .where("enabled", "=", 1)
      .$if(codes !== null, (builder) => builder.where(sql<string>`lower(code)`, "in", codes!))
      .select((eb) => eb.fn.countAll<Count>().as("count"))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("translations")
      .select((eb) => eb.fn.count<Count>("code_component").distinct().as("keys"))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("translations")
      .innerJoin("languages", "languages.code", "translations.code")
      .where("languages.enabled", "=", 1)
      .where("translations.label", "!=", "")
      .$if(codes !== null, (builder) => builder.where(sql<string>`lower(translations.code)`, "in", codes!))
      .select((eb) => eb.fn.countAll<Count>().as("cells"))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("article_versions")
      .$if(codes !== null, (builder) => builder.where(sql<string>`lower(code)`, "in", codes!))
      .select((eb) => [
        eb.fn.count<Count>("article_id").distinct().filterWhere("status", "=", "published").as("published"),
        eb.fn.count<Count>("article_id").distinct().filterWhere("status", "=", "draft").as("withDrafts"),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("users")
      .select((eb) => [
        eb.fn.countAll<Count>().as("total"),
        eb.fn.countAll<Count>().filterWhere("role", "=", "admin").as("admins"),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("analytics_events")
      .where("created_at", ">=", weekAgo)
      .select((eb) => eb.fn.countAll<Count>().as("count"))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("audit_log")
      .where("created_at", ">=", weekAgo)
      .select((eb) => eb.fn.countAll<Count>().as("count"))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("rome_jobs")
      .select((eb) => eb.fn.countAll<Count>().as("count"))
      .executeTakeFirstOrThrow(),
  ]);
  const enabledLanguages = Number(languages.enabled ?? 0);
  const cells = Number(keys.keys) * Number(counted.count);
  const filledCells = Math.min(Number(filled.cells), cells);
  return {
    languages: { enabled: enabledLanguages, total: Number(languages.total) },
    translations: { completeness: cells === 0 ? 1 : filledCells / cells, missing: cells - filledCells },
    articles: { published: Number(articles.published), withDrafts: Number(articles.withDrafts) },
    users: { total: Number(users.total), admins: Number(users.admins ?? 0) },
    eventsLast7Days: Number(events.count),
    auditEntriesLast7Days: Number(audit.count),
    romeCodes: Number(romes.count),
  };
}
