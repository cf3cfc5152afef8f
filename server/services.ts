/** Wires the long-lived services: database (migrated, seeded when empty), content store, logger. */
import type { AppServices } from "./content/context.ts";
import type { Config } from "./base/config.ts";
import { createContentStore } from "./content/store.ts";
import { openDatabase } from "./db/connect.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { isEmpty, seedDemoContent } from "./seed/index.ts";
import type { Logger } from "./base/log.ts";

export async function createServices(config: Config, log: Logger): Promise<AppServices & { close(): Promise<void> }> {
  const database = openDatabase(config.database, log, { backgroundCheckpoints: true });
  try {
    await migrateToLatest(database);
    if (config.seed === "demo") {
      const seeded = await seedDemoContent(database.db).catch(async (error: unknown) => {
        // Two instances starting on one empty PostgreSQL database race to seed; the loser finds content.
        if (await isEmpty(database.db)) throw error;
        return false;
      });
      if (seeded) log.info("seeded the demo content into the empty database");
    }
    const content = await createContentStore(database, log);
    return {
      config,
      database,
      content,
      log,
      async close() {
        await content.close();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
