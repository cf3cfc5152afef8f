import { describe, expect, it } from "vitest";
import { knownMigrations, migrationStateProblem } from "./migrate.ts";

const KNOWN = ["0001-a", "0002-b", "0004-c"];
const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();
const rows = (...names: string[]) => names.map((name, index) => ({ name, timestamp: at(index) }));

describe("migrationStateProblem", () => {
  it("takes none, some or all of the known migrations, in their order", () => {
    expect(migrationStateProblem([], KNOWN)).toBeNull();
    expect(migrationStateProblem(rows("0001-a", "0002-b"), KNOWN)).toBeNull();
    expect(migrationStateProblem(rows("0001-a", "0002-b", "0004-c"), KNOWN)).toBeNull();
    // Run in one go, in the same millisecond: Kysely orders them by name.
    expect(
      migrationStateProblem(
        [
          { name: "0002-b", timestamp: at(0) },
          { name: "0001-a", timestamp: at(0) },
        ],
        KNOWN,
      ),
    ).toBeNull();
  });

  it("names a newer release's migrations and the remedy", () => {
    expect(migrationStateProblem(rows("0001-a", "0002-b", "0004-c", "0006-e", "0005-d"), KNOWN)).toBe(
      "was made by a newer Polyglot Press (migration 0005-d, 0006-e, unknown to this one): upgrade first",
    );
  });

  it("refuses a migration no release made, one missing between, and an unreadable time", () => {
    expect(migrationStateProblem(rows("0001-a", "0003-x", "0004-c"), KNOWN)).toBe(
      "holds migration 0003-x, which no Polyglot Press release makes",
    );
    expect(migrationStateProblem(rows("0001-a", "0004-c"), KNOWN)).toBe(
      "has migrations out of this release's order (0004-c where 0002-b comes)",
    );
    expect(migrationStateProblem([{ name: "0001-a", timestamp: "yesterday" }], KNOWN)).toBe(
      "has migration 0001-a with an unreadable time (yesterday)",
    );
  });

  it("knows this release's migrations in the order Kysely runs them", () => {
    const known = knownMigrations();
    expect(known[0]).toBe("0001-initial");
    expect([...known].sort((a, b) => a.localeCompare(b))).toEqual(known);
  });
});
