import { describe, expect, it } from "vitest";
import { FileRefused } from "#server/admin/romes/refusal.ts";
import { glossaryCsv, readGlossaryCsv } from "./csv.ts";

const terms = [
  { term: "newsletter", translation: "lettre d'information", forbidden: ["infolettre", "news"], note: 'Say "lettre".' },
  { term: '=HYPERLINK("x")', translation: "-moins", forbidden: [], note: "@home" },
  { term: "المدينة", translation: "'=ville", forbidden: ["'apostrophe"], note: "" },
];

describe("glossary CSV", () => {
  it("reads back what it writes, formula cells guarded in the file", () => {
    const csv = glossaryCsv(terms);
    expect(csv).toContain(`"'=HYPERLINK(""x"")","'-moins","","'@home"`);
    expect(readGlossaryCsv(csv)).toEqual(terms.map((term, index) => ({ line: index + 2, ...term })));
  });

  it("reads a byte order mark, bare cells and empty lines", () => {
    expect(readGlossaryCsv("\uFEFFterm,translation,forbidden,note\n\nriver,fleuve, rivière |  ,\n")).toEqual([
      { line: 3, term: "river", translation: "fleuve", forbidden: ["rivière"], note: "" },
    ]);
  });

  it("refuses a file whole, naming the line", () => {
    expect(() => readGlossaryCsv("term,translation,forbidden,note\nriver,,,\n")).toThrow(/Line 2: translation/);
    expect(() => readGlossaryCsv("term,translation,forbidden,note\nx,y,,\nX,z,,\n")).toThrow(/Line 3/);
    expect(() => readGlossaryCsv("term;translation\n")).toThrow(FileRefused);
  });
});
