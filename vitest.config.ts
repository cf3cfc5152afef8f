import { defineConfig } from "vitest/config";
import { TEST_COMPILE_CACHE } from "./tests/fixtures/processes.ts";

/**
 * Test files that assert durations, CPU time or memory. They run one at a time after every other file, so nothing
 * else shares the machine's cores with them; a new test that measures time belongs here.
 */
const TIMED = [
  "core/text-characters.test.ts",
  "server/admin/translations/exchange/formats.test.ts",
  "server/content/event-loop-turns.test.ts",
  "server/content/ndjson-lines.test.ts",
  "server/db/checkpoints.test.ts",
  "server/db/lock-waits.test.ts",
  "server/db/statement-turns.test.ts",
  "tests/integration/admin-media.test.ts",
  "tests/integration/commands-write-while-serving.test.ts",
  "tests/integration/database-outage.test.ts",
  "tests/integration/graceful-shutdown.test.ts",
  "tests/integration/hostile-files.test.ts",
  "tests/integration/hostile-requests.test.ts",
  "tests/integration/image-pipeline.test.ts",
  "tests/integration/image-uploads-under-load.test.ts",
  "tests/integration/multi-instance.test.ts",
  "tests/integration/off-thread.test.ts",
  "tests/integration/server-processes.test.ts",
  "tests/integration/version-drafts.test.ts",
];

export default defineConfig({
  test: {
    testTimeout: 20_000,
    globalSetup: ["tests/integration/seeded-templates.ts"],
    env: { NODE_COMPILE_CACHE: TEST_COMPILE_CACHE },
    hookTimeout: 60_000,
    // The other files mostly wait (on PostgreSQL, child servers, the image and parser threads): three at a time
    // keep two cores busy where one at a time (Vitest's default on two cores) left them mostly idle.
    projects: [
      {
        extends: true,
        test: {
          name: "parallel",
          include: [
            "core/**/*.test.ts",
            "app/**/*.test.{ts,tsx}",
            "server/**/*.test.ts",
            "tests/integration/**/*.test.ts",
            "tests/fixtures/**/*.test.ts",
          ],
          exclude: TIMED,
          maxWorkers: 3,
          sequence: { groupOrder: 0 },
        },
      },
      { extends: true, test: { name: "timed", include: TIMED, maxWorkers: 1, sequence: { groupOrder: 1 } } },
    ],
  },
});
