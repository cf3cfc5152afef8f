/**
 * Which characters an imported text may hold (docs/security.md "Imports and restores from the command line"):
 * the check every import runs on every text of the file after parsing it and before writing anything,
 * so a file is refused whole, naming the place, on SQLite and PostgreSQL alike. Pure: no I/O.
 *
 * Refused:
 * - NUL (U+0000): PostgreSQL cannot store it in text at all, SQLite stores it and cuts the text at it;
 * - the other C0 controls, DEL and the C1 controls (U+0001–U+001F, U+007F–U+009F) except tab, line feed and
 *   carriage return, which Markdown bodies use. They are invisible, XML 1.0 cannot carry the C0 ones (the XLIFF
 *   export would write a file no XML parser reads back), and HTML calls them parse errors. U+0085 (NEL) is one
 *   of them: some tools count it as a line break and others do not;
 * - lone surrogates (half of a UTF-16 pair, which JSON's "\ud800" escape can make): not Unicode text, and each
 *   database driver would store a different replacement;
 * - noncharacters (U+FDD0–U+FDEF and the last two code points of every plane, U+FFFE, U+FFFF…): reserved for
 *   a program's internal use, never text (XML cannot carry U+FFFE and U+FFFF either).
 *
 * Kept, because text needs them: tab, line feed, carriage return; the line and paragraph separators
 * U+2028/U+2029 (text, not controls, valid in XML and HTML); every format character (Unicode category Cf), among
 * them the bidi marks, embeddings and isolates (U+200E, U+200F, U+061C, U+202A–U+202E, U+2066–U+2069) that
 * Arabic and Hebrew text uses, zero-width joiners (Persian, Indic scripts, emoji) and the soft hyphen; private-use
 * and not yet assigned code points.
 */

/** The refused characters, exactly: the controls but tab, LF and CR; lone surrogates (u mode pairs the others); noncharacters. */
const REFUSED = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\p{Cs}\p{Noncharacter_Code_Point}]/u;

/** The high surrogate of the last 1 024 code points of each supplementary plane (U+1FC00…U+1FFFF is \uD83F + a low one). */
const LAST_OF_PLANE_HIGHS = Array.from({ length: 16 }, (_, plane) =>
  String.fromCharCode(0xd800 + plane * 0x40 + 0x3f),
).join("");

/**
 * The same set less the lone surrogates (String#isWellFormed finds those), in code units: V8 scans a text five to
 * ten times faster with it than with REFUSED's Unicode properties (about 4 ms a million characters, 2 cores), and
 * an import checks every text twice. A supplementary noncharacter is one of those high surrogates and \uDFFE or \uDFFF.
 */
const QUICK_REFUSED = new RegExp(
  `[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F\\uFDD0-\\uFDEF\\uFFFE\\uFFFF]|[${LAST_OF_PLANE_HIGHS}][\\uDFFE\\uDFFF]`,
);

const MAX_QUOTED_CHARS = 40;

const hex = (codePoint: number) => `U+${codePoint.toString(16).toUpperCase().padStart(4, "0")}`;

/** What a refused code point is, and why it is refused, around its position. */
function describe(codePoint: number, at: string): string {
  if (codePoint === 0)
    return `a NUL character (${hex(codePoint)}) ${at}; of the control characters, only tab, line feed and carriage return are accepted`;
  if (codePoint <= 0x9f)
    return `a control character (${hex(codePoint)}) ${at}; of the control characters, only tab, line feed and carriage return are accepted`;
  if (codePoint >= 0xd800 && codePoint <= 0xdfff)
    return `a lone surrogate (${hex(codePoint)}) ${at}: half of a UTF-16 pair, not Unicode text`;
  return `a noncharacter (${hex(codePoint)}) ${at}: a code point Unicode reserves for programs, not text`;
}

/**
 * The first character of `text` that no imported text may hold, described with its position in characters
 * (code points, counted from 1): "a NUL character (U+0000) at character 37; …". null when the text is acceptable.
 */
export function unacceptableCharacter(text: string): string | null {
  if (text.isWellFormed() && !QUICK_REFUSED.test(text)) return null;
  const found = REFUSED.exec(text)!;
  const position = [...text.slice(0, found.index)].length + 1;
  return describe(found[0].codePointAt(0)!, `at character ${position.toLocaleString("en-US")}`);
}

/** Where a refused character is in a parsed JSON value: the field's path (zod's spelling, "versions.en.body") and what it is. */
export interface TextProblem {
  /** "" for the value itself (or a member name at its top level). */
  path: string;
  problem: string;
}

/**
 * A string of a parsed JSON value that `unacceptableCharacter` refuses, the names of object members included
 * (depth first: an object's names, then its members in order); null when every text is acceptable. Walks without recursion: JSON.parse reads
 * arrays nested a million deep.
 */
export function unacceptableTextIn(value: unknown): TextProblem | null {
  const pending: { path: string; value: unknown }[] = [{ path: "", value }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { path, value: item } = next;
    if (typeof item === "string") {
      const problem = unacceptableCharacter(item);
      if (problem !== null) return { path, problem };
      continue;
    }
    if (typeof item !== "object" || item === null) continue;
    const members: [string, unknown][] = Array.isArray(item)
      ? item.map((element, index) => [String(index), element])
      : Object.entries(item);
    for (const [name] of Array.isArray(item) ? [] : members) {
      const problem = unacceptableCharacter(name);
      if (problem === null) continue;
      const quoted = [...name].length > MAX_QUOTED_CHARS ? `${[...name].slice(0, MAX_QUOTED_CHARS).join("")}…` : name;
      return { path, problem: `the name ${JSON.stringify(quoted)} holds ${problem}` };
    }
    // Pushed last first, so the first member is looked at first.
    for (let index = members.length - 1; index >= 0; index -= 1) {
      const [name, element] = members[index]!;
      pending.push({ path: path === "" ? name : `${path}.${name}`, value: element });
    }
  }
  return null;
}
