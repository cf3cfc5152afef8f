import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { neutralizeFormula, restoreNeutralized } from "./formula.ts";

describe("neutralizeFormula", () => {
  it.each([
    ['=HYPERLINK("http://evil.example")', '\'=HYPERLINK("http://evil.example")'],
    ["+33 1 23", "'+33 1 23"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tcmd", "'\tcmd"],
    ["\rcmd", "'\rcmd"],
    ["'=already quoted", "''=already quoted"],
    ["Sylviculture", "Sylviculture"],
    ["L'=esprit", "L'=esprit"],
    ["'plain", "'plain"],
    ["", ""],
  ])("writes %j as %j", (cell, expected) => {
    expect(neutralizeFormula(cell)).toBe(expected);
  });

  it("leaves no cell starting with a formula character, and the import restores every cell", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("=", "+", "-", "@", "\t", "\r", "'", "a", " ") }), (cell) => {
        expect(neutralizeFormula(cell)).not.toMatch(/^[=+\-@\t\r]/);
        expect(restoreNeutralized(neutralizeFormula(cell))).toBe(cell);
      }),
    );
  });
});
