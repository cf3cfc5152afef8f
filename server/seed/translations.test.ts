import { TYPE } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { compileMessages, messageProblems, parseMessage } from "#core/i18n/message.ts";
import translations from "./translations.json" with { type: "json" };
import { seedLanguages } from "./languages.ts";

const SOURCE = "en-US";
const entries = Object.entries(translations as Record<string, Record<string, string>>);
/** Every UI string that shows a count to visitors (issue 10 item 6). */
const COUNT_KEYS = ["JOBS:RESULTS", "ARTICLES:READING_TIME", "HOME:JOB_COUNT", "HOME:DOMAIN_COUNT"];

describe("seeded UI strings", () => {
  it.each(entries)("%s is a valid ICU message in every language, with the English string's arguments", (_key, labels) => {
    for (const [code, text] of Object.entries(labels)) {
      expect({ code, problems: messageProblems(text, code, code === SOURCE ? undefined : { text: labels[SOURCE]!, locale: SOURCE }) }).toEqual({ code, problems: [] });
    }
  });

  it.each(seedLanguages.filter((language) => language.enabled).map((language) => language.code))("%s: the precompiled strings survive the page shell's JSON (core/shell.ts ShellPayload)", (code) => {
    const compiled = compileMessages(entries.flatMap(([key, labels]) => (labels[code] === undefined ? [] : [[key, labels[code]] as const])));
    expect(Object.keys(compiled).length).toBeGreaterThan(100);
    // toEqual treats a property set to undefined as absent, as the formatter does.
    expect(JSON.parse(JSON.stringify(compiled))).toEqual(compiled);
  });

  it.each(COUNT_KEYS)("%s is a plural in all seven languages", (key) => {
    const labels = (translations as Record<string, Record<string, string>>)[key]!;
    expect(Object.keys(labels).sort()).toEqual(seedLanguages.filter((language) => language.enabled).map((language) => language.code).sort());
    for (const text of Object.values(labels)) {
      const parsed = parseMessage(text);
      expect(parsed.ok && parsed.elements.some((element) => element.type === TYPE.plural)).toBe(true);
    }
  });
});
