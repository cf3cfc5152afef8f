import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./connect.ts";

describe("openDatabase on SQLite", () => {
  it("says in the log when it creates the database's missing folder, and only then", async () => {
    const root = mkdtempSync(join(tmpdir(), "pp-connect-"));
    const warnings: string[] = [];
    const log = { warn: (_fields: object, message: string) => void warnings.push(message), error: () => {}, info: () => {} };
    try {
      const path = join(root, "missing", "nested", "site.db");
      const first = openDatabase({ kind: "sqlite", path }, log);
      await first.close();
      expect(existsSync(join(root, "missing", "nested"))).toBe(true);
      expect(warnings).toEqual([`created the folder ${join(root, "missing", "nested")} for the SQLite database`]);
      const second = openDatabase({ kind: "sqlite", path }, log);
      await second.close();
      expect(warnings).toHaveLength(1);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
