/**
 * The publishing scheduler: every SCHEDULER_TICK_SECONDS (at most 60) each
 * instance applies the publishes and unpublishes that are due (service.ts,
 * exactly once across instances). Schedules live in the database, so a
 * restart loses none: the first tick, at start-up, applies what fell due while
 * the site was down. Stopped by the graceful shutdown, after its running tick.
 */
import type { AppServices } from "#server/content/context.ts";
import { applyDueSchedules } from "./service.ts";

export interface Scheduler {
  /** Runs one tick now (start-up, tests); resolves when it is done. */
  tick(): Promise<void>;
  /** No further ticks; resolves once a running one has finished. */
  stop(): Promise<void>;
}

export function startScheduler(services: AppServices): Scheduler {
  const { config, database, log } = services;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    // Ticks never overlap: a slow one delays the next instead of racing it.
    running = running.then(async () => {
      if (stopped) return;
      try {
        const applied = await applyDueSchedules(services);
        if (applied > 0) log.info({ applied }, "applied scheduled publishing changes");
      } catch (error) {
        // An outage is logged by the database's availability tracker; the next tick tries again.
        if (!database.availability.failed(error))
          log.error({ err: error }, "applying scheduled publishing changes failed");
      }
    });
    return running;
  };
  void tick();
  const timer = setInterval(() => void tick(), config.publishing.schedulerTickMs);
  timer.unref();
  return {
    tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
