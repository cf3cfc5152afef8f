/**
 * Keeps analytics within ANALYTICS_RETENTION_DAYS (decision 0021): old events
 * are deleted at start-up and then every hour. Every instance prunes; the
 * delete is idempotent, so running it twice costs one cheap indexed query.
 */
import type { AppServices } from "#server/context.ts";
import { pruneEvents } from "./events.ts";

export const PRUNE_INTERVAL_MS = 60 * 60 * 1000;

export function scheduleAnalyticsPruning({ config, database, log }: AppServices): () => void {
  const prune = async () => {
    try {
      const deleted = await pruneEvents(database.db, config.analytics.retentionDays);
      if (deleted > 0) log.info({ deleted, retentionDays: config.analytics.retentionDays }, "pruned old analytics events");
    } catch (error) {
      // An outage is logged by the database's availability tracker; the next round tries again.
      if (!database.availability.failed(error)) log.error({ err: error }, "pruning analytics events failed");
    }
  };
  void prune();
  const timer = setInterval(() => void prune(), PRUNE_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
