import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "tests/integration/**/*.test.ts", "tests/fixtures/**/*.test.ts"],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
