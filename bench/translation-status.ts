/**
 * The translation status benchmark (issue 10): `npm run bench:translation-status -- --articles N`.
 * Fills a fresh SQLite database with N articles (English source, 6 translations, a third of
 * the French ones outdated, a fifth of the German ones missing) straight through SQL, then
 * times the admin list's filters (first page and a page deep in the list, by keyset), the
 * translation dashboard and shows the query plans. Writes bench/results/translation-status-N.json.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import type { AdminServices } from "#server/content/context.ts";
import { listArticles } from "#server/admin/articles/reads.ts";
import type { Grant } from "#core/auth/roles.ts";
import { translationDashboard } from "#server/admin/translation-dashboard/service.ts";
import { openDatabase } from "#server/db/connect.ts";
import { migrateToLatest } from "#server/db/migrate.ts";
import type { ListArticlesQuery } from "#core/admin/articles/schema.ts";

/** The articles list as an administrator reads it: every language. */
const ADMIN: Grant = { role: "admin", languages: [], canPublish: false };

const { values } = parseArgs({ options: { articles: { type: "string", default: "100000" } } });
const ARTICLES = Number(values.articles);
const dir = mkdtempSync(join(tmpdir(), "pp-bench-status-"));
const handle = openDatabase({ kind: "sqlite", path: join(dir, "site.db") });
const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)]!;

try {
  await migrateToLatest(handle);
  const { db } = handle;
  const codes = ["en-US", "fr-FR", "es-ES", "de-DE", "pt-BR", "ar", "ja-JP"];
  await db
    .insertInto("languages")
    .values(
      codes.map((code, index) => ({
        code,
        short_code: code.slice(0, 2),
        welcome: code,
        label: code,
        link: `/${code}`,
        population: 10 - index,
        enabled: 1,
        favorite: index === 0 ? 1 : 0,
        code_component: `LANGUAGE:${code}`,
        dir: code === "ar" ? "rtl" : "ltr",
      })),
    )
    .execute();
  const started = performance.now();
  // Written in bulk: a recursive counter, no per-row round trips.
  await sql`insert into articles (key, author, tags, created_at, updated_at, source_code, source_revision, source_changed_at)
    with recursive n(i) as (select 1 union all select i + 1 from n where i < ${ARTICLES})
    select 'bench-' || i, 'Bench', '[]', '2026-01-01T00:00:00.000Z', strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || i || ' seconds'), 'en-US', 2, '2026-01-01T00:00:00.000Z' from n`.execute(
    db,
  );
  for (const code of codes) {
    await sql`insert into article_versions (article_id, code, slug, title, summary, body, cover_alt, status, published_at, updated_at, html, base_revision, outdated)
      select id, ${code}, 'bench-' || id, 'Bench ' || id, '', 'Body', '', 'published', updated_at, updated_at, '<p>Body</p>',
        case when ${code} = 'fr-FR' and id % 3 = 0 then 1 else 2 end, case when ${code} = 'fr-FR' and id % 3 = 0 then 1 else 0 end
      from articles where key like 'bench-%' and not (${code} = 'de-DE' and id % 5 = 0)`.execute(db);
  }
  await sql`analyze`.execute(db);
  const fillSeconds = (performance.now() - started) / 1000;

  const services = { database: handle } as unknown as AdminServices;
  const time = async (run: () => Promise<unknown>) => {
    const runs: number[] = [];
    for (let index = 0; index < 7; index += 1) {
      const start = performance.now();
      await run();
      runs.push(performance.now() - start);
    }
    return +median(runs).toFixed(1);
  };
  const deep = await db
    .selectFrom("articles")
    .select(["updated_at", "id"])
    .orderBy("updated_at")
    .orderBy("id")
    .limit(1)
    .offset(Math.floor(ARTICLES / 2))
    .executeTakeFirstOrThrow();
  const filters: [string, Omit<ListArticlesQuery, "after">][] = [
    ["all", {}],
    ["fr-FR outdated", { language: "fr-FR", status: "outdated" }],
    ["fr-FR current", { language: "fr-FR", status: "current" }],
    ["de-DE missing", { language: "de-DE", status: "missing" }],
    ["ja-JP missing (none)", { language: "ja-JP", status: "missing" }],
  ];
  const list: Record<string, { firstPageMs: number; deepPageMs: number }> = {};
  for (const [name, query] of filters) {
    list[name] = {
      firstPageMs: await time(() => listArticles(services, query, ADMIN)),
      deepPageMs: await time(() =>
        listArticles(services, { ...query, after: { updatedAt: deep.updated_at, id: deep.id } }, ADMIN),
      ),
    };
  }
  const dashboardMs = await time(() => translationDashboard(services));
  const plan = await sql<{
    detail: string;
  }>`explain query plan select * from articles where exists (select 1 from article_versions v where v.article_id = articles.id and v.code = 'fr-FR' and v.status = 'published' and v.outdated = 1) order by updated_at desc, id desc limit 51`.execute(
    db,
  );
  const result = {
    articles: ARTICLES,
    fillSeconds: +fillSeconds.toFixed(1),
    list,
    dashboardMs,
    outdatedFilterPlan: plan.rows.map((row) => row.detail),
  };
  mkdirSync(new URL("results", import.meta.url), { recursive: true });
  writeFileSync(
    new URL(`results/translation-status-${ARTICLES}.json`, import.meta.url),
    `${JSON.stringify(result, null, 2)}\n`,
  );
  console.log(JSON.stringify(result, null, 2));
} finally {
  await handle.close();
  rmSync(dir, { recursive: true, force: true });
}
