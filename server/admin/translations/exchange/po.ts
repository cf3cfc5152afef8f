/**
 * gettext PO for UI strings, through gettext-parser: the key is the msgctxt,
 * the source text the msgid, the translation the msgstr (empty when not
 * translated). ICU plurals stay inside the message, so gettext's own plural
 * forms (msgid_plural) are not used and are refused on import. A "fuzzy"
 * entry is a draft by gettext's rules: it is reported, never applied.
 */
import { po, type GetTextTranslations } from "gettext-parser";
import { pluralFormsHeader } from "#core/plural-forms.ts";
import { quoteForMessage } from "#server/admin/romes/refusal.ts";
import { FileRefused, type ExchangeDocument, type StringUnit } from "./document.ts";

const SOURCE_LANGUAGE_HEADER = "X-Source-Language";

/** Who and when a PO file's header names (gettext's required fields, so `msgfmt -c` passes clean). */
export interface PoFileOrigin {
  /** The export's time: the file's revision as the site gives it. */
  revisionDate: Date;
  /** Who exported it, the person expected to translate it (a tool replaces it on saving). */
  lastTranslator: string;
  /** The target language's name on this site. */
  languageTeam: string;
}

/** "2026-11-28 17:40+0000": gettext's date format, in UTC. */
function gettextDate(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace("T", " ")}+0000`;
}

export function writePo(document: ExchangeDocument, origin: PoFileOrigin): string {
  const pluralForms = pluralFormsHeader(document.targetLanguage);
  const table: GetTextTranslations = {
    charset: "utf-8",
    headers: {
      "Project-Id-Version": "Polyglot Press UI strings",
      "PO-Revision-Date": gettextDate(origin.revisionDate),
      "Last-Translator": origin.lastTranslator,
      "Language-Team": origin.languageTeam,
      "Content-Type": "text/plain; charset=UTF-8",
      "Content-Transfer-Encoding": "8bit",
      "MIME-Version": "1.0",
      Language: document.targetLanguage,
      ...(pluralForms !== null && { "Plural-Forms": pluralForms }),
      [SOURCE_LANGUAGE_HEADER]: document.sourceLanguage,
    },
    translations: {},
  };
  for (const unit of document.units) {
    table.translations[unit.key] = {
      [unit.source]: {
        msgctxt: unit.key,
        msgid: unit.source,
        msgstr: [unit.target ?? ""],
        ...(unit.note ? { comments: { extracted: unit.note } } : {}),
      },
    };
  }
  return po.compile(table, { foldLength: 0 }).toString("utf8");
}

export interface PoDocument extends ExchangeDocument {
  /** Keys of entries marked fuzzy: drafts, not applied. */
  fuzzy: string[];
}

function parsePo(text: string): GetTextTranslations {
  try {
    return po.parse(text, { validation: true });
  } catch (error) {
    throw new FileRefused(`Malformed PO file: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function languagesOf(table: GetTextTranslations): { sourceLanguage: string; targetLanguage: string } {
  // gettext-parser leaves headers out when the file has no header entry.
  const headers: Record<string, string> = table.headers ?? {};
  const targetLanguage = headers.Language;
  if (!targetLanguage) throw new FileRefused('The PO file has no "Language" header: it must name its target language.');
  return { sourceLanguage: headers[SOURCE_LANGUAGE_HEADER] ?? "", targetLanguage };
}

/**
 * The languages of the header entry, read before the rest of the file (decision 0142): gettext puts the
 * header first, and it ends at the file's first blank line, which must come within `headChars` characters.
 */
export function readPoLanguages(text: string, headChars: number): { sourceLanguage: string; targetLanguage: string } {
  const blankLine = /\r?\n[ \t]*\r?\n/.exec(text.slice(0, headChars));
  if (blankLine === null && text.length > headChars) {
    throw new FileRefused(
      `The PO file's header entry, which names its Language, must come first and end with a blank line within its first ${Math.round(headChars / 1024)} KB.`,
    );
  }
  return languagesOf(parsePo(blankLine === null ? text : text.slice(0, blankLine.index)));
}

export function readPo(text: string): PoDocument {
  const table = parsePo(text);
  const { sourceLanguage, targetLanguage } = languagesOf(table);
  const document: PoDocument = { sourceLanguage, targetLanguage, units: [], fuzzy: [] };
  const seen = new Set<string>();
  for (const [context, entries] of Object.entries(table.translations)) {
    for (const entry of Object.values(entries)) {
      if (context === "" && entry.msgid === "") continue; // the header
      if (context === "")
        throw new FileRefused(
          `The entry ${quoteForMessage(entry.msgid)} has no msgctxt: each entry's msgctxt is its key.`,
        );
      if (entry.msgid_plural !== undefined)
        throw new FileRefused(
          `The entry ${quoteForMessage(context)} uses gettext plural forms; write the plural inside the message in ICU syntax instead.`,
        );
      if (seen.has(context)) throw new FileRefused(`The key ${quoteForMessage(context)} appears twice.`);
      seen.add(context);
      const translated = entry.msgstr[0] ?? "";
      const unit: StringUnit = {
        key: context,
        source: entry.msgid,
        target: translated === "" ? null : translated,
        state: translated === "" ? "initial" : "translated",
      };
      if (entry.comments?.flag?.split(",").some((flag) => flag.trim() === "fuzzy")) {
        document.fuzzy.push(context);
        continue;
      }
      document.units.push(unit);
    }
  }
  return document;
}
