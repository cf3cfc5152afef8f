import { readdirSync, readFileSync } from "node:fs";
import { getPriority } from "node:os";
import { afterAll, describe, expect, it } from "vitest";
import { createImportPool } from "./import-pool.ts";
import { prepareImportedVersion } from "./imported-versions.ts";

describe("the import pool", () => {
  const pool = createImportPool("sqlite", 2);
  afterAll(() => pool.close());

  it("prepares versions in their order, over many messages and both workers, as the main thread would", async () => {
    const jobs = Array.from({ length: 237 }, (_, index) => ({
      body: `# Heading ${index}\n\n${"word **bold** ".repeat(index * 2)}${index % 4 === 0 ? "漢字".repeat(index * 2) : ""}`,
      language: index % 2 === 0 ? "en-US" : "ja-JP",
      title: `Title ${index}`,
      summary: `Summary ${index}`,
    }));
    const prepared = await pool.prepare(jobs);
    expect(prepared).toEqual(jobs.map((job) => prepareImportedVersion(job, "sqlite")));
    expect(new Set(prepared.map((version) => version.minutes)).size).toBeGreaterThan(3);
    expect(new Set(prepared.map((version) => version.fingerprint)).size).toBe(jobs.length);
    expect(await pool.prepare([])).toEqual([]);
  });

  it.runIf(process.platform === "linux")(
    "runs its workers nine steps nicer than the writing thread, leaving the writing thread's priority as it was",
    async () => {
      const before = getPriority();
      await pool.prepare([{ body: "word", language: "en-US", title: "t", summary: "s" }]);
      // Each thread's nice value: field 19 of /proc/…/stat (the 17th after the command name's closing parenthesis).
      const niceValues = readdirSync("/proc/self/task").map((thread) => {
        const stat = readFileSync(`/proc/self/task/${thread}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
      });
      expect(niceValues.filter((nice) => nice === Math.min(19, before + 9)).length).toBeGreaterThanOrEqual(2);
      expect(getPriority()).toBe(before);
    },
  );
});
