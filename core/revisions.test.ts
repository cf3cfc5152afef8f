import { describe, expect, it } from "vitest";
import { diffRevisions, MAX_EDIT_LENGTH, pruneCutoff, type RevisionContent } from "./revisions.ts";

const base: RevisionContent = {
  title: "Seven languages",
  slug: "seven-languages",
  summary: "One story.",
  coverAlt: "",
  body: "# Title\n\nFirst line.\nSecond line.\n",
  status: "draft",
};

describe("diffRevisions", () => {
  it("marks unchanged fields as such, keeping their text", () => {
    const fields = diffRevisions(base, base, "en-US");
    expect(fields.every((field) => !field.changed)).toBe(true);
    expect(fields.find((field) => field.field === "title")?.parts).toEqual([
      { value: "Seven languages", change: "same" },
    ]);
    expect(fields.find((field) => field.field === "coverAlt")?.parts).toEqual([]);
  });

  it("diffs short fields by word and the body by line", () => {
    const fields = diffRevisions(
      base,
      { ...base, title: "Eight languages", body: "# Title\n\nFirst line.\nA new second line.\n", status: "published" },
      "en-US",
    );
    const title = fields.find((field) => field.field === "title")!;
    expect(title.changed).toBe(true);
    expect(title.parts).toEqual([
      { value: "Seven", change: "removed" },
      { value: "Eight", change: "added" },
      { value: " languages", change: "same" },
    ]);
    const body = fields.find((field) => field.field === "body")!;
    expect(body.parts).toEqual([
      { value: "# Title\n\nFirst line.\n", change: "same" },
      { value: "Second line.\n", change: "removed" },
      { value: "A new second line.\n", change: "added" },
    ]);
    expect(fields.find((field) => field.field === "status")!.parts).toEqual([
      { value: "draft", change: "removed" },
      { value: "published", change: "added" },
    ]);
  });

  it("keeps Arabic words whole and finds Japanese words without spaces", () => {
    const arabic = diffRevisions(
      { ...base, title: "العنوان الأول للقصة" },
      { ...base, title: "العنوان الثاني للقصة" },
      "ar",
    ).find((field) => field.field === "title")!;
    expect(arabic.parts.filter((part) => part.change !== "same").map((part) => part.value)).toEqual([
      "الأول",
      "الثاني",
    ]);
    const japanese = diffRevisions(
      { ...base, title: "東京の新しい仕事" },
      { ...base, title: "大阪の新しい仕事" },
      "ja-JP",
    ).find((field) => field.field === "title")!;
    expect(japanese.parts.filter((part) => part.change !== "same").map((part) => part.value)).toEqual(["東京", "大阪"]);
  });

  it("shows a field that gained or lost all its text as one added or removed part", () => {
    const fields = diffRevisions(base, { ...base, coverAlt: "A map", summary: "" }, "en-US");
    expect(fields.find((field) => field.field === "coverAlt")!.parts).toEqual([{ value: "A map", change: "added" }]);
    expect(fields.find((field) => field.field === "summary")!.parts).toEqual([
      { value: "One story.", change: "removed" },
    ]);
  });

  it("gives up on bodies with nothing in common past the edit bound: the whole body is replaced", () => {
    const lines = (prefix: string) =>
      Array.from({ length: MAX_EDIT_LENGTH * 2 }, (_, index) => `${prefix}${index}\n`).join("");
    const before = lines("a");
    const after = lines("b");
    const body = diffRevisions({ ...base, body: before }, { ...base, body: after }, "en-US").find(
      (field) => field.field === "body",
    )!;
    expect(body.parts).toEqual([
      { value: before, change: "removed" },
      { value: after, change: "added" },
    ]);
  });
});

describe("pruneCutoff", () => {
  it("keeps the newest `keep` revisions and cuts at the next one", () => {
    expect(pruneCutoff([], 3)).toBeNull();
    expect(pruneCutoff([9, 8, 7], 3)).toBeNull();
    expect(pruneCutoff([9, 8, 7, 5], 3)).toBe(5);
    expect(pruneCutoff([9, 8], 1)).toBe(8);
  });
});
