import { describe, expect, it } from "vitest";
import { planImport } from "./diff.ts";
import { parseRomeFile, type ParseResult, type RomeRow } from "./parse.ts";
import { officialXml } from "./test-support.ts";

function accepted(result: ParseResult) {
  if (!result.ok) throw new Error(`expected the file to be accepted, got: ${result.message}`);
  return result;
}

const row = (code: string, label: string, line: number): RomeRow => ({ code, label, ogr: null, line });

describe("planImport", () => {
  it("sorts rows into added, updated (with the label before) and unchanged", () => {
    const existing = [
      { code: "A1101", label: "Conduite d'engins agricoles et forestiers" },
      { code: "A1201", label: "Bucheronnage" },
      { code: "Z0000", label: "Absent from the file, left alone" },
    ];
    const rows = [
      row("A1101", "Conduite d'engins agricoles et forestiers", 2),
      row("A1201", "Bûcheronnage et élagage", 3),
      row("A1202", "Entretien des espaces naturels", 4),
    ];
    expect(planImport(existing, rows)).toEqual({
      added: [rows[2]],
      updated: [{ row: rows[1], before: "Bucheronnage" }],
      unchanged: 1,
    });
  });

  it("adds everything into an empty table", () => {
    const rows = [row("A1101", "Un", 2), row("A1201", "Deux", 3)];
    expect(planImport([], rows)).toEqual({ added: rows, updated: [], unchanged: 0 });
  });

  it("finds nothing to do when the official file is imported over itself", async () => {
    const { rows } = accepted(await parseRomeFile(officialXml()));
    const existing = rows.map(({ code, label }) => ({ code, label }));
    expect(planImport(existing, rows)).toEqual({ added: [], updated: [], unchanged: 532 });
  });

  it("counts a label differing only in case as an update", () => {
    const plan = planImport([{ code: "A1101", label: "conduite" }], [row("A1101", "Conduite", 2)]);
    expect(plan.updated).toEqual([{ row: row("A1101", "Conduite", 2), before: "conduite" }]);
  });
});
