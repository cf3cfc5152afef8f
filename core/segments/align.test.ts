import { describe, expect, it } from "vitest";
import { alignSegments, commonPairs, initialTexts, joinTranslation, type Alignment } from "./align.ts";

const summary = (alignment: Alignment) =>
  alignment.rows.map((row) => [
    row.status,
    row.source?.text ?? null,
    row.translation === null ? null : alignment.translation.segments[row.translation]!.text,
  ]);

const BASE = "# Ferry\n\nThe ferry leaves at nine.\n\nTickets are sold on board.\n";
const FRENCH = "# Ferry\n\nLe ferry part à neuf heures.\n\nLes billets sont vendus à bord.\n";

describe("alignSegments", () => {
  it("marks every block unchanged when the translation follows the source", () => {
    const alignment = alignSegments({ source: BASE, base: BASE, translation: FRENCH, sourceLanguage: "en-US" });
    expect(summary(alignment)).toEqual([
      ["unchanged", "# Ferry", "# Ferry"],
      ["unchanged", "The ferry leaves at nine.", "Le ferry part à neuf heures."],
      ["unchanged", "Tickets are sold on board.", "Les billets sont vendus à bord."],
    ]);
    expect(alignment.rows.every((row) => row.diff.length === 0)).toBe(true);
  });

  it("marks changed and new blocks since the base, with the change as a word diff", () => {
    const source = "# Ferry\n\nThe ferry leaves at ten.\n\nA new paragraph.\n\nTickets are sold on board.\n";
    const alignment = alignSegments({ source, base: BASE, translation: FRENCH, sourceLanguage: "en-US" });
    expect(summary(alignment)).toEqual([
      ["unchanged", "# Ferry", "# Ferry"],
      ["changed", "The ferry leaves at ten.", "Le ferry part à neuf heures."],
      ["new", "A new paragraph.", null],
      ["unchanged", "Tickets are sold on board.", "Les billets sont vendus à bord."],
    ]);
    const changed = alignment.rows[1]!;
    expect(changed.before).toBe("The ferry leaves at nine.");
    expect(changed.diff.filter((part) => part.change !== "same")).toEqual([
      { value: "nine", change: "removed" },
      { value: "ten", change: "added" },
    ]);
  });

  it("keeps the translation's blocks whose source block is gone, as removed, where they stand", () => {
    const source = "# Ferry\n\nTickets are sold on board.\n";
    const alignment = alignSegments({ source, base: BASE, translation: FRENCH, sourceLanguage: "en-US" });
    expect(summary(alignment)).toEqual([
      ["unchanged", "# Ferry", "# Ferry"],
      ["removed", null, "Le ferry part à neuf heures."],
      ["unchanged", "Tickets are sold on board.", "Les billets sont vendus à bord."],
    ]);
  });

  it("marks everything new for a translation not written yet, and changed when the base is no longer kept", () => {
    const fresh = alignSegments({ source: BASE, base: "", translation: "", sourceLanguage: "en-US" });
    expect(fresh.rows.map((row) => row.status)).toEqual(["new", "new", "new"]);
    const unknown = alignSegments({ source: BASE, base: null, translation: FRENCH, sourceLanguage: "en-US" });
    expect(unknown.rows.map((row) => [row.status, row.diff.length])).toEqual([
      ["changed", 0],
      ["changed", 0],
      ["changed", 0],
    ]);
  });

  it("aligns tables by row and nested lists by item", () => {
    const base = "| A | B |\n|---|---|\n| 1 | 2 |\n\n- one\n  - nested\n- two\n";
    const source = "| A | B |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |\n\n- one\n  - nested, changed\n- two\n";
    const translation = "| A | B |\n|---|---|\n| un | deux |\n\n- un\n  - imbriqué\n- deux\n";
    const alignment = alignSegments({ source, base, translation, sourceLanguage: "en-US" });
    expect(summary(alignment)).toEqual([
      ["unchanged", "| A | B |", "| A | B |"],
      ["unchanged", "| 1 | 2 |", "| un | deux |"],
      ["new", "| 3 | 4 |", null],
      ["unchanged", "- one", "- un"],
      ["changed", "  - nested, changed", "  - imbriqué"],
      ["unchanged", "- two", "- deux"],
    ]);
  });

  it("diffs Japanese by words though it has no spaces, and Arabic by whole words", () => {
    const japanese = alignSegments({
      source: "東京は大きい都市です。\n",
      base: "東京は小さい都市です。\n",
      translation: "Tokyo is a small city.\n",
      sourceLanguage: "ja-JP",
    });
    const changes = japanese.rows[0]!.diff.filter((part) => part.change !== "same").map((part) => part.value);
    expect(changes).toEqual(["小さい", "大きい"]);
    const arabic = alignSegments({
      source: "يغادر العبّارة في العاشرة.\n",
      base: "يغادر العبّارة في التاسعة.\n",
      translation: "Le ferry part à neuf heures.\n",
      sourceLanguage: "ar",
    });
    expect(arabic.rows[0]!.diff.filter((part) => part.change !== "same").map((part) => part.value)).toEqual([
      "التاسعة",
      "العاشرة",
    ]);
  });
});

describe("joinTranslation", () => {
  const sources = [
    { source: BASE, base: BASE, translation: FRENCH },
    { source: "# A\n\nnew\n\nB\n", base: "# A\n\nB\n", translation: "# A fr\n\nB fr" },
    {
      source: "| A | B |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |\n",
      base: "| A | B |\n|---|---|\n| 1 | 2 |\n",
      translation: "| A | B |\n|---|---|\n| un | deux |\n",
    },
    { source: "```\ncode\n```\n\ntext\n", base: "```\ncode\n```\n\ntext\n", translation: "```\ncode\n```\n\ntexte\n" },
    { source: "x\r\n\r\ny\r\n", base: "x\r\n\r\ny\r\n", translation: "ex\r\n\r\nwhy\r\n" },
  ];

  it.each(sources)("gives the translation back exactly when nothing is typed (%#)", (input) => {
    const alignment = alignSegments({ ...input, sourceLanguage: "en-US" });
    expect(joinTranslation(alignment, initialTexts(alignment))).toBe(input.translation);
  });

  it("replaces an edited block in place, keeping the Markdown around it", () => {
    const alignment = alignSegments({ source: BASE, base: BASE, translation: FRENCH, sourceLanguage: "en-US" });
    const texts = initialTexts(alignment).with(1, "Le ferry part à dix heures.");
    expect(joinTranslation(alignment, texts)).toBe(
      "# Ferry\n\nLe ferry part à dix heures.\n\nLes billets sont vendus à bord.\n",
    );
  });

  it("inserts a new block where the source has it, with the source's spacing, even after a last line without a break", () => {
    // The translation's own ending (here no final line break) stays its ending.
    const alignment = alignSegments({
      source: "# A\n\nnew\n\nB\n\nlast new\n",
      base: "# A\n\nB\n",
      translation: "# A fr\n\nB fr",
      sourceLanguage: "en-US",
    });
    expect(alignment.rows.map((row) => row.status)).toEqual(["unchanged", "new", "unchanged", "new"]);
    const texts = initialTexts(alignment).with(1, "nouveau").with(3, "dernier");
    expect(joinTranslation(alignment, texts)).toBe("# A fr\n\nnouveau\n\nB fr\n\ndernier");
  });

  it("writes a translation not started yet with the source's spacing", () => {
    const alignment = alignSegments({ source: BASE, base: "", translation: "", sourceLanguage: "en-US" });
    expect(joinTranslation(alignment, ["# Ferry", "Un.", "Deux."])).toBe("# Ferry\n\nUn.\n\nDeux.\n");
  });

  it("inserts a table row with a single line break, as a row", () => {
    const alignment = alignSegments({
      source: "| A |\n|---|\n| 1 |\n| 2 |\n\nend\n",
      base: "| A |\n|---|\n| 1 |\n\nend\n",
      translation: "| A |\n|---|\n| un |\n\nfin\n",
      sourceLanguage: "en-US",
    });
    const texts = initialTexts(alignment).with(2, "| deux |");
    expect(joinTranslation(alignment, texts)).toBe("| A |\n|---|\n| un |\n| deux |\n\nfin\n");
  });

  it("keeps a new block's translation with it when the body is aligned again", () => {
    const input = { source: "| A |\n|---|\n| 1 |\n| 2 |\n\nend\n", base: "| A |\n|---|\n| 1 |\n\nend\n" };
    const first = alignSegments({ ...input, translation: "| A |\n|---|\n| un |\n\nfin\n", sourceLanguage: "en-US" });
    const body = joinTranslation(first, initialTexts(first).with(2, "| deux |"));
    const again = alignSegments({ ...input, translation: body, sourceLanguage: "en-US" });
    expect(summary(again)).toEqual([
      ["unchanged", "| A |", "| A |"],
      ["unchanged", "| 1 |", "| un |"],
      ["new", "| 2 |", "| deux |"],
      ["unchanged", "end", "fin"],
    ]);
    expect(joinTranslation(again, initialTexts(again))).toBe(body);
  });

  it("drops an emptied block with its spacing", () => {
    const alignment = alignSegments({ source: BASE, base: BASE, translation: FRENCH, sourceLanguage: "en-US" });
    expect(joinTranslation(alignment, initialTexts(alignment).with(1, ""))).toBe(
      "# Ferry\n\nLes billets sont vendus à bord.\n",
    );
  });
});

describe("commonPairs", () => {
  it("finds a longest common subsequence", () => {
    expect(commonPairs([..."ABCBDAB"], [..."BDCABA"], (a, b) => a === b)).toHaveLength(4);
    expect(commonPairs([], [1], () => true)).toEqual([]);
  });
});
