import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import {
  assertWithinSizeLimit,
  detectFormat,
  FileRefused,
  MAX_EXCHANGE_FILE_BYTES,
  type ExchangeDocument,
  type StringUnit,
} from "./document.ts";
import { readPo, readPoLanguages, writePo } from "./po.ts";
import { readDeclaredTarget, readExchangeFile } from "./read.ts";
import { readXliff, readXliffLanguages, streamXliff, XLIFF_LIMITS, XLIFF_NAMESPACE } from "./xliff.ts";

const DOCUMENT: ExchangeDocument = {
  sourceLanguage: "en-US",
  targetLanguage: "ar",
  units: [
    {
      key: "JOBS:RESULTS",
      source: "{count, plural, one {# job} other {# jobs}}",
      target:
        "{count, plural, zero {لا وظائف} one {وظيفة واحدة} two {وظيفتان} few {# وظائف} many {# وظيفة} other {# وظيفة}}",
      state: "translated",
      note: "ICU message with {count}. Plurals in ar need the categories zero, one, two, few, many, other.",
    },
    {
      key: "A:MARKUP",
      source: "Press <Enter> & \"go\" > 'now'",
      target: "Appuyez sur <Entrée> & « go »",
      state: "translated",
    },
    { key: "A:MULTILINE", source: "Line one\nLine two\twith a tab", target: null, state: "initial" },
    { key: "A:EMOJI", source: "🌍 world", target: "🌍 عالم", state: "translated" },
  ],
};
const withoutNotes = (document: ExchangeDocument): ExchangeDocument => ({
  ...document,
  units: document.units.map(({ note: _note, ...unit }) => unit),
});

/** The whole text streamXliff writes, given the articles' units as pages. */
async function xliffText(document: ExchangeDocument, articlePages: StringUnit[][] = []): Promise<string> {
  async function* pages() {
    yield* articlePages;
  }
  let text = "";
  for await (const piece of streamXliff(document, pages())) text += piece;
  return text;
}

const articleUnit = (key: string, target: string | null): StringUnit => ({
  key,
  source: `Source of ${key}`,
  target,
  state: target === null ? "initial" : "translated",
});

function refusal(read: () => unknown): string {
  try {
    read();
  } catch (error) {
    expect(error).toBeInstanceOf(FileRefused);
    return (error as Error).message;
  }
  throw new Error("the file was accepted");
}

const xliff = (
  units: string,
  attributes = `xmlns="${XLIFF_NAMESPACE}" version="2.0" srcLang="en-US" trgLang="fr-FR"`,
) => `<?xml version="1.0" encoding="UTF-8"?>\n<xliff ${attributes}><file id="f">${units}</file></xliff>`;

describe("XLIFF 2.0", () => {
  it("writes source, target, state and notes, and reads back the same units", async () => {
    const text = await xliffText(DOCUMENT);
    expect(text).toContain(
      '<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en-US" trgLang="ar">',
    );
    expect(text).toContain("<source>Press &lt;Enter&gt; &amp; \"go\" &gt; 'now'</source>");
    expect(text).toContain('<segment state="initial">');
    expect(text).toContain("<note>ICU message with {count}.");
    expect(readXliff(text)).toEqual(withoutNotes(DOCUMENT));
  });

  it("writes the articles' pages into one <file> after the UI strings, and reads back every unit", async () => {
    const pages = [
      [articleUnit("welcome/title", "Bienvenue"), articleUnit("welcome/body", null)],
      [articleUnit("zeta/title", "Zêta & <co>")],
    ];
    const text = await xliffText(DOCUMENT, pages);
    expect(text.match(/<file id="articles">/g)).toHaveLength(1);
    expect(text.indexOf('<file id="ui-strings">')).toBeLessThan(text.indexOf('<file id="articles">'));
    expect(text.endsWith("  </file>\n</xliff>\n")).toBe(true);
    expect(readXliff(text)).toEqual({ ...withoutNotes(DOCUMENT), articles: pages.flat() });
  });

  it("leaves the UI strings' <file> out of an articles-only file, unless there are no articles either", async () => {
    const articlesOnly = { ...DOCUMENT, units: [] };
    const withArticles = await xliffText(articlesOnly, [[articleUnit("welcome/title", null)]]);
    expect(withArticles).not.toContain("ui-strings");
    expect(readXliff(withArticles).articles).toEqual([articleUnit("welcome/title", null)]);
    const empty = await xliffText(articlesOnly);
    expect(empty).toContain('<file id="ui-strings">\n    <group id="empty"/>\n  </file>');
    expect(readXliff(empty)).toEqual({ sourceLanguage: "en-US", targetLanguage: "ar", units: [] });
  });

  it('names units by NMTOKEN ids, an article field\'s as <article key>.<field>, every unit xml:space="preserve"', async () => {
    const text = await xliffText(DOCUMENT, [[articleUnit("careers-in-translation/title", "Métiers")]]);
    expect(text).toContain('<unit id="JOBS:RESULTS" xml:space="preserve">');
    expect(text).toContain('<unit id="careers-in-translation.title" xml:space="preserve">');
    expect(text).not.toMatch(/<unit id="[^"]*\//);
  });

  it("keeps every text to the character: leading and trailing blanks, a Markdown body's last line feeds, CR LF", async () => {
    const body = "\n  # Title\r\n\nText.  \n\n";
    const pages = [[{ key: "welcome/body", source: body, target: `${body}\t`, state: "translated" as const }]];
    expect(readXliff(await xliffText({ ...DOCUMENT, units: [] }, pages)).articles).toEqual(pages.flat());
  });

  it("reads the article ids of files written before decision 0155 (<article key>/<field>) as the new ones", () => {
    const unit = (id: string) => `<unit id="${id}"><segment><source>x</source><target>y</target></segment></unit>`;
    const read = (ids: string[]) =>
      readXliff(xliff(ids.map(unit).join("")).replace('<file id="f">', '<file id="articles">')).articles!.map(
        (article) => article.key,
      );
    expect(read(["welcome/title", "welcome.body", "welcome.author", "welcome"])).toEqual([
      "welcome/title",
      "welcome/body",
      "welcome.author",
      "welcome",
    ]);
    expect(refusal(() => read(["welcome/title", "welcome.title"]))).toContain('the unit "welcome/title" appears twice');
  });

  it("refuses an id whose escapes spell a character no key may hold (a NUL, a lone surrogate), naming it", () => {
    const unit = (id: string) => `<unit id="${id}"><segment><source>x</source><target>y</target></segment></unit>`;
    expect(refusal(() => readExchangeFile({ text: xliff(unit("NAV_x0000_")), declaredTarget: "fr-FR" }))).toContain(
      'The key "NAV\\u0000" holds a NUL character',
    );
    expect(refusal(() => readExchangeFile({ text: xliff(unit("_xD800_")), declaredTarget: "fr-FR" }))).toContain(
      "lone surrogate",
    );
  });

  it("reads CDATA, other namespaces' extensions and a segment without a state", () => {
    const document = readXliff(
      xliff(
        `<unit id="K" xmlns:x="urn:example"><x:meta>ignored</x:meta><segment><source><![CDATA[a <b>]]></source><target>c</target></segment></unit>`,
      ),
    );
    expect(document.units).toEqual([{ key: "K", source: "a <b>", target: "c", state: "initial" }]);
  });

  it.each([
    [
      "a billion-laughs entity bomb",
      '<?xml version="1.0"?><!DOCTYPE xliff [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><xliff/>',
      "DOCTYPE",
    ],
    [
      "an external entity (XXE)",
      '<?xml version="1.0"?><!DOCTYPE xliff [<!ENTITY e SYSTEM "file:///etc/passwd">]><xliff>&e;</xliff>',
      "DOCTYPE",
    ],
    [
      "an external DTD",
      '<?xml version="1.0"?><!DOCTYPE xliff SYSTEM "http://attacker.example/x.dtd"><xliff/>',
      "DOCTYPE",
    ],
    ["an undeclared entity", xliff('<unit id="K"><segment><source>&e;</source></segment></unit>'), "Malformed XML"],
    ["another encoding", '<?xml version="1.0" encoding="ISO-8859-1"?><xliff/>', "only UTF-8"],
    ["malformed XML", xliff('<unit id="K"><segment><source>x</segment></unit>'), "Malformed XML"],
    ["XLIFF 1.2", `<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2"><file/></xliff>`, "namespace"],
    [
      "version 2.1 in the 2.0 namespace",
      xliff("", `xmlns="${XLIFF_NAMESPACE}" version="2.1" trgLang="fr"`),
      "only XLIFF version 2.0",
    ],
    ["no target language", xliff("", `xmlns="${XLIFF_NAMESPACE}" version="2.0" srcLang="en"`), "trgLang"],
    ["a unit without id", xliff("<unit><segment><source>x</source></segment></unit>"), "no id"],
    [
      "a key twice",
      xliff(
        '<unit id="K"><segment><source>x</source></segment></unit><unit id="K"><segment><source>x</source></segment></unit>',
      ),
      "appears twice",
    ],
    [
      "two segments",
      xliff('<unit id="K"><segment><source>a</source></segment><segment><source>b</source></segment></unit>'),
      "more than one <segment>",
    ],
    [
      "a unit without source",
      xliff('<unit id="K"><segment><target>x</target></segment></unit>'),
      "no <segment> with a <source>",
    ],
    [
      "an unknown state",
      xliff('<unit id="K"><segment state="done"><source>x</source></segment></unit>'),
      "not one of initial, translated, reviewed, final",
    ],
    [
      "inline markup",
      xliff('<unit id="K"><segment><source>a <ph id="1"/> b</source></segment></unit>'),
      "inline markup is not supported",
    ],
    ["another root", "<html/>", "root element"],
    ["an empty document", "", "Malformed XML"],
  ])("refuses %s", (_case, text, message) => {
    expect(refusal(() => readXliff(text))).toContain(message);
  });
});

describe("gettext PO", () => {
  const ORIGIN = {
    revisionDate: new Date("2026-11-28T17:40:12Z"),
    lastTranslator: "Ada Lovelace",
    languageTeam: "العربية",
  };

  it("names its project, revision, translator, team and plural forms, so msgfmt -c passes clean", () => {
    const text = writePo(DOCUMENT, ORIGIN);
    for (const header of [
      "Project-Id-Version: Polyglot Press UI strings",
      "PO-Revision-Date: 2026-11-28 17:40+0000",
      "Last-Translator: Ada Lovelace",
      "Language-Team: العربية",
    ]) {
      expect(text).toContain(`"${header}\\n"`);
    }
    expect(text).toContain(
      '"Plural-Forms: nplurals=6; plural=(n == 0 ? 0 : n == 1 ? 1 : n == 2 ? 2 : n % 100 >= 3 && n % 100 <= 10 ? 3 : n % 100 >= 11 ? 4 : 5);\\n"',
    );
    const check = spawnSync("msgfmt", ["-c", "-o", "/dev/null", "-"], { input: text, encoding: "utf8" });
    expect(check.error).toBeUndefined();
    expect({ status: check.status, problems: `${check.stdout}${check.stderr}`.trim() }).toEqual({
      status: 0,
      problems: "",
    });
  });

  it("writes the key as msgctxt, source as msgid, notes as extracted comments, and reads back the same units", () => {
    const text = writePo(DOCUMENT, ORIGIN);
    expect(text).toContain('"Language: ar\\n"');
    expect(text).toContain('"X-Source-Language: en-US\\n"');
    expect(text).toContain('msgctxt "JOBS:RESULTS"\nmsgid "{count, plural, one {# job} other {# jobs}}"');
    expect(text).toContain("#. ICU message with {count}.");
    expect(readPo(text)).toEqual({ ...withoutNotes(DOCUMENT), fuzzy: [] });
  });

  it("reports fuzzy entries as drafts instead of reading them", () => {
    const text =
      'msgid ""\nmsgstr "Language: fr\\n"\n\n#, fuzzy\nmsgctxt "A"\nmsgid "x"\nmsgstr "y"\n\nmsgctxt "B"\nmsgid "x"\nmsgstr ""\n';
    expect(readPo(text)).toEqual({
      sourceLanguage: "",
      targetLanguage: "fr",
      fuzzy: ["A"],
      units: [{ key: "B", source: "x", target: null, state: "initial" }],
    });
  });

  it.each([
    ["no Language header", 'msgctxt "A"\nmsgid "x"\nmsgstr "y"\n', "Language"],
    ["an entry without msgctxt", 'msgid ""\nmsgstr "Language: fr\\n"\n\nmsgid "x"\nmsgstr "y"\n', "has no msgctxt"],
    [
      "gettext plural forms",
      'msgid ""\nmsgstr "Language: fr\\n"\n"Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n\nmsgctxt "A"\nmsgid "x"\nmsgid_plural "xs"\nmsgstr[0] "y"\nmsgstr[1] "ys"\n',
      "ICU syntax instead",
    ],
    [
      "a key twice",
      'msgid ""\nmsgstr "Language: fr\\n"\n\nmsgctxt "A"\nmsgid "x"\nmsgstr "y"\n\nmsgctxt "A"\nmsgid "z"\nmsgstr "w"\n',
      "appears twice",
    ],
    [
      "a duplicate entry",
      'msgid ""\nmsgstr "Language: fr\\n"\n\nmsgctxt "A"\nmsgid "x"\nmsgstr "y"\n\nmsgctxt "A"\nmsgid "x"\nmsgstr "z"\n',
      "Malformed PO file",
    ],
    [
      "an unescaped quote",
      'msgid ""\nmsgstr "Language: fr\\n"\n\nmsgctxt "A"\nmsgid "a "b" c"\nmsgstr "y"\n',
      "Malformed PO file",
    ],
  ])("refuses %s", (_case, text, message) => {
    expect(refusal(() => readPo(text))).toContain(message);
  });
});

describe("detectFormat and the size limit", () => {
  it("tells XML (even after a byte-order mark) from PO", () => {
    expect(detectFormat('\uFEFF  <?xml version="1.0"?><xliff/>')).toBe("xliff");
    expect(detectFormat('msgid ""')).toBe("po");
    expect(detectFormat("# comment\n")).toBe("po");
  });

  it("refuses a file over the limit, counted in UTF-8 bytes", () => {
    expect(() => assertWithinSizeLimit("é".repeat(MAX_EXCHANGE_FILE_BYTES / 2))).not.toThrow();
    expect(refusal(() => assertWithinSizeLimit("é".repeat(MAX_EXCHANGE_FILE_BYTES / 2 + 1)))).toContain(
      "larger than 2 MiB",
    );
  });
});

describe("hostile shapes (decision 0142)", () => {
  const root = `<xliff xmlns="${XLIFF_NAMESPACE}" version="2.0" srcLang="en-US" trgLang="fr-FR">`;
  const nested = (depth: number) => `${root}${"<x>".repeat(depth)}${"</x>".repeat(depth)}</xliff>`;

  it(`reads elements nested ${XLIFF_LIMITS.maxDepth} deep and refuses one more, at once however deep the file goes`, () => {
    expect(readXliff(nested(XLIFF_LIMITS.maxDepth - 1)).units).toEqual([]);
    expect(refusal(() => readXliff(nested(XLIFF_LIMITS.maxDepth)))).toBe(
      `XLIFF line 1: elements are nested more than ${XLIFF_LIMITS.maxDepth} deep; this site's XLIFF needs 5.`,
    );
    // Before the limit, saxes' namespace lookups made this depth take seconds (quadratic in the depth).
    const started = performance.now();
    expect(refusal(() => readXliff(nested(100_000)))).toContain("nested more than");
    expect(performance.now() - started).toBeLessThan(500);
  });

  it(`refuses more than ${XLIFF_LIMITS.maxElements.toLocaleString("en")} elements`, () => {
    const file = (count: number) => `${root}<file id="f">${"<x/>".repeat(count - 2)}</file></xliff>`;
    expect(readXliff(file(XLIFF_LIMITS.maxElements)).units).toEqual([]);
    expect(refusal(() => readXliff(file(XLIFF_LIMITS.maxElements + 1)))).toBe(
      `XLIFF line 1: the file has more than ${XLIFF_LIMITS.maxElements.toLocaleString("en")} elements.`,
    );
  });

  it("reads the target language from the root element alone, before any unit", () => {
    const head = `<?xml version="1.0" encoding="UTF-8"?>\n<!-- a comment -->\n${root}`;
    expect(readXliffLanguages(`${head}<file id="f"><unit`, 1024)).toEqual({
      sourceLanguage: "en-US",
      targetLanguage: "fr-FR",
    });
    expect(readDeclaredTarget(`${head}${"<x>".repeat(100_000)}`)).toEqual({ format: "xliff", targetLanguage: "fr-FR" });
    expect(refusal(() => readXliffLanguages(`<!--${" ".repeat(2000)}-->${root}</xliff>`, 1024))).toBe(
      "The file is not an XLIFF 2.0 document: its <xliff> element must begin within its first 1 KB.",
    );
    expect(refusal(() => readXliffLanguages('<!DOCTYPE x [<!ENTITY a "b">]><xliff/>', 1024))).toContain("DOCTYPE");
    expect(
      refusal(() => readXliffLanguages(`<xliff xmlns="${XLIFF_NAMESPACE}" version="2.0"></xliff>`, 1024)),
    ).toContain("no trgLang");
  });

  it("reads a PO file's target language from its header entry alone", () => {
    const header = 'msgid ""\nmsgstr ""\n"Language: fr-FR\\n"\n"X-Source-Language: en-US\\n"\n';
    expect(readPoLanguages(`# comment\n${header}\nmsgctxt "A"\nmsgid "x"\nmsgstr "y"\n`, 1024)).toEqual({
      sourceLanguage: "en-US",
      targetLanguage: "fr-FR",
    });
    expect(readPoLanguages(header, 1024)).toEqual({ sourceLanguage: "en-US", targetLanguage: "fr-FR" });
    expect(refusal(() => readPoLanguages(`${header}${"#".repeat(2000)}\n`, 1024))).toContain(
      "must come first and end with a blank line within its first 1 KB",
    );
    expect(
      refusal(() =>
        readPoLanguages('msgctxt "A"\nmsgid "x"\nmsgstr "y"\n\nmsgid ""\nmsgstr "Language: fr\\n"\n', 1024),
      ),
    ).toContain('no "Language" header');
  });
});
