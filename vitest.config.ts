import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["core/**/*.test.ts", "app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "tests/integration/**/*.test.ts", "tests/fixtures/**/*.test.ts"],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
