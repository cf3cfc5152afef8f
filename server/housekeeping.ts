/**
 * Periodic clean-ups, at start-up and then every hour: analytics events past
 * ANALYTICS_RETENTION_DAYS (decision 0021) and articles left without any
 * version for EMPTY_ARTICLE_HOURS (decision 0013). Every instance runs them;
 * each is idempotent, so running it twice costs one cheap query.
 */
import type { AppServices } from "#server/content/context.ts";
import { pruneEmptyArticles } from "#server/admin/articles/service.ts";
import { pruneEvents } from "#server/analytics/events.ts";

export const PRUNE_INTERVAL_MS = 60 * 60 * 1000;

export function scheduleHousekeeping(services: AppServices): () => void {
  const { config, database, log } = services;
  const tasks: { name: string; run: () => Promise<number>; settings: Record<string, number> }[] = [
    {
      name: "old analytics events",
      run: () => pruneEvents(database.db, config.analytics.retentionDays),
      settings: { retentionDays: config.analytics.retentionDays },
    },
    {
      name: "articles without a version",
      run: () => pruneEmptyArticles(services, config.emptyArticleHours),
      settings: { emptyArticleHours: config.emptyArticleHours },
    },
  ];
  const prune = async () => {
    for (const task of tasks) {
      try {
        const deleted = await task.run();
        if (deleted > 0) log.info({ deleted, ...task.settings }, `pruned ${task.name}`);
      } catch (error) {
        // An outage is logged by the database's availability tracker; the next round tries again.
        if (!database.availability.failed(error)) log.error({ err: error }, `pruning ${task.name} failed`);
      }
    }
  };
  void prune();
  const timer = setInterval(() => void prune(), PRUNE_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
