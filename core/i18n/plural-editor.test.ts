import { describe, expect, it } from "vitest";
import {
  messageFieldProblems,
  pluralExamples,
  pluralFieldProblems,
  pluralOf,
  pluralSelectors,
  pluralText,
} from "./plural-editor.ts";

const SOURCE = { text: "{count, plural, one {# article} other {# articles}}", locale: "en-US" };

describe("pluralOf", () => {
  it("splits a message into the text around its plural and each form as written", () => {
    expect(pluralOf("You have {count, plural, =0 {no mail} one {# mail} other {# mails}} today.")).toEqual({
      before: "You have ",
      after: " today.",
      argument: "count",
      kind: "plural",
      offset: 0,
      forms: { "=0": "no mail", one: "# mail", other: "# mails" },
    });
    expect(pluralOf("{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}")?.kind).toBe("selectordinal");
    expect(pluralOf("{n, plural, offset:1 one {you} other {you and # others}}")?.offset).toBe(1);
  });

  it("keeps nested arguments and plurals inside a form as text", () => {
    expect(pluralOf("{count, plural, one {{name} wrote # post} other {{name} wrote # posts}}")?.forms.one).toBe(
      "{name} wrote # post",
    );
  });

  it("has nothing for a message without a plural, or one that does not parse", () => {
    expect(pluralOf("Hello {name}")).toBeNull();
    expect(pluralOf("{count, plural, one {x}")).toBeNull();
  });
});

describe("pluralSelectors and pluralText", () => {
  it("offers the target language's categories (CLDR): Arabic six, Japanese one, French three", () => {
    const message = pluralOf(SOURCE.text)!;
    expect(pluralSelectors(message, "ar")).toEqual(["zero", "one", "two", "few", "many", "other"]);
    expect(pluralSelectors(message, "ja-JP")).toEqual(["other"]);
    expect(pluralSelectors(message, "fr-FR")).toEqual(["one", "many", "other"]);
    expect(pluralSelectors(pluralOf("{c, plural, =0 {none} one {#} other {#}}")!, "ja-JP")).toEqual(["=0", "other"]);
  });

  it("writes the message back from its forms, dropping categories the language does not have", () => {
    const message = pluralOf("Il y a {count, plural, one {# article} other {# articles}}.")!;
    expect(pluralText({ ...message, forms: { ...message.forms, other: "# articles !" } }, ["other"])).toBe(
      "Il y a {count, plural, other {# articles !}}.",
    );
    expect(pluralText(pluralOf(SOURCE.text)!, pluralSelectors(pluralOf(SOURCE.text)!, "en-US"))).toBe(SOURCE.text);
  });
});

describe("pluralFieldProblems", () => {
  it("finds nothing when every category of the language has a right form", () => {
    const japanese = { ...pluralOf(SOURCE.text)!, forms: { other: "#件の記事" } };
    expect(pluralFieldProblems(japanese, "ja-JP", SOURCE)).toEqual([]);
    const arabic = {
      ...pluralOf(SOURCE.text)!,
      forms: { zero: "لا مقالات", one: "مقال واحد", two: "مقالان", few: "# مقالات", many: "# مقالًا", other: "# مقال" },
    };
    expect(pluralFieldProblems(arabic, "ar", SOURCE)).toEqual([]);
  });

  it("puts each problem at its field: an empty form, a broken one, an argument the source lacks", () => {
    const french = { ...pluralOf(SOURCE.text)!, forms: { one: "# article de {author}", many: "{oops", other: "" } };
    expect(pluralFieldProblems(french, "fr-FR", SOURCE)).toEqual([
      { selector: "one", code: "unknown_argument", argument: "author" },
      expect.objectContaining({ selector: "many", code: "syntax", line: 1 }),
      { selector: "other", code: "empty_form" },
    ]);
  });

  it("checks a whole ICU text the same way, for the text field", () => {
    expect(messageFieldProblems("{count, plural, one {#} other {#}}", "ar", SOURCE).map((p) => p.code)).toEqual([
      "missing_plural_category",
    ]);
    expect(messageFieldProblems("{count, plural, one {#} other {#}}", "ja-JP", SOURCE).map((p) => p.code)).toEqual([
      "unknown_plural_category",
    ]);
    expect(messageFieldProblems("{total}", "fr-FR", SOURCE)).toEqual([
      { selector: null, code: "unknown_argument", argument: "total" },
    ]);
  });
});

describe("pluralExamples", () => {
  it("gives counts of each category", () => {
    expect(pluralExamples("en-US", "plural")).toEqual({ one: [1], other: [0, 2, 3] });
    expect(pluralExamples("ar", "plural").two).toEqual([2]);
    expect(pluralExamples("fr-FR", "plural").many).toEqual([1_000_000, 2_000_000, 10_000_000]);
  });
});
