/** The live figures on the admin dashboard's cards, read straight from the database (drafts included). */
import type { DashboardFigures } from "#core/admin/dashboard/schema.ts";
import type { AdminServices } from "#server/context.ts";

const WEEK_MS = 7 * 86_400_000;

type Count = number | string | bigint;

export async function dashboardFigures(services: AdminServices, now = new Date()): Promise<DashboardFigures> {
  const { db } = services.database;
  const weekAgo = new Date(now.getTime() - WEEK_MS).toISOString();
  const [languages, keys, filled, articles, users, events, audit, romes] = await Promise.all([
    db
      .selectFrom("languages")
      .select((eb) => [eb.fn.countAll<Count>().as("total"), eb.fn.sum<Count | null>("enabled").as("enabled")])
      .executeTakeFirstOrThrow(),
    db.selectFrom("translates").select((eb) => eb.fn.count<Count>("code_component").distinct().as("keys")).executeTakeFirstOrThrow(),
    db
      .selectFrom("translates")
      .innerJoin("languages", "languages.code", "translates.code")
      .where("languages.enabled", "=", 1)
      .where("translates.label", "!=", "")
      .select((eb) => eb.fn.countAll<Count>().as("cells"))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("blog_versions")
      .select((eb) => [
        eb.fn.count<Count>("blog_id").distinct().filterWhere("status", "=", "published").as("published"),
        eb.fn.count<Count>("blog_id").distinct().filterWhere("status", "=", "draft").as("withDrafts"),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("users")
      .select((eb) => [eb.fn.countAll<Count>().as("total"), eb.fn.countAll<Count>().filterWhere("role", "=", "admin").as("admins")])
      .executeTakeFirstOrThrow(),
    db.selectFrom("analytics_events").where("created_at", ">=", weekAgo).select((eb) => eb.fn.countAll<Count>().as("count")).executeTakeFirstOrThrow(),
    db.selectFrom("audit_log").where("created_at", ">=", weekAgo).select((eb) => eb.fn.countAll<Count>().as("count")).executeTakeFirstOrThrow(),
    db.selectFrom("codes_romes").select((eb) => eb.fn.countAll<Count>().as("count")).executeTakeFirstOrThrow(),
  ]);
  const enabledLanguages = Number(languages.enabled ?? 0);
  const cells = Number(keys.keys) * enabledLanguages;
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
