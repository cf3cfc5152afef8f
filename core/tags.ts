/**
 * Tag names per language (decision 0221). A tag is written once on an article (core/article-rules.ts: letters,
 * digits and hyphens) and is the same tag in every language; each site language may give it a name of its own.
 * Its page's address in a language is named by that language's name (slugified like an article's title), or by
 * the tag as written where the language has none. Pure: the server resolves addresses with it, the tests state it.
 */
import { slugify } from "./text.ts";

/** How long a tag's name in a language may be (characters). */
export const TAG_NAME_MAX_LENGTH = 60;

/** How a tag is named in its page's URL and looked up when no language names it: lowercased (URLs are), NFC. */
export function tagKey(tag: string): string {
  return tag.toWellFormed().toLowerCase().normalize("NFC");
}

/** The URL key of a tag's name in a language: the name slugified (folded, words joined by "-"). */
export function tagNameKey(name: string): string {
  return slugify(name);
}

const CONTROL = /[\p{Cc}\p{Cs}\u2028\u2029]/u;
const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/** What is wrong with a tag name as given (already trimmed), or null when it may be stored. */
export function tagNameProblem(name: string): string | null {
  if (name === "") return "must not be empty";
  if (Array.from(name).length > TAG_NAME_MAX_LENGTH) return `must be at most ${TAG_NAME_MAX_LENGTH} characters`;
  if (CONTROL.test(name)) return "must not hold control characters or line breaks";
  if (!WORD_CHARACTER.test(name)) return "must hold at least one letter or digit";
  return null;
}

/** A tag's name in a language, as stored: the tag (by its key), the language, and the URL key of the name. */
export interface TagNameMatch {
  tagKey: string;
  code: string;
  nameKey: string;
}

/**
 * The key of a tag's page address in a language: its name's key there, else the tag's own key. A tag
 * without a name in a language keeps the address it always had.
 */
export function tagAddressKey(key: string, nameKeyInLanguage: string | undefined): string {
  return nameKeyInLanguage ?? key;
}

/**
 * Which tag an address's key names, for a page in language `code`: `matches` are the stored names whose URL key
 * is `requested`, in any language. In order: this language's name; the tag written so (the address before any
 * name, kept working); another language's name (a link copied from it), the first by language code. The caller
 * redirects to tagAddressKey(tag, its name in `code`) when that differs from `requested`.
 */
export function tagOfAddress(requested: string, code: string, matches: readonly TagNameMatch[]): string {
  const named = matches.filter((match) => match.nameKey === requested);
  const own = named.find((match) => match.code === code);
  if (own) return own.tagKey;
  // The tag's own key is its address wherever it has no name; it wins over another tag named so elsewhere.
  if (named.length === 0 || named.some((match) => match.tagKey === requested)) return requested;
  return [...named].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0))[0]!.tagKey;
}

/**
 * Why a name may not be given to tag `key` in a language, or null: its address would be another tag's there
 * (`takenIn`: the other tags' name keys in that language; `tagKeys`: whether a tag is written with that key,
 * whose address it is while that tag has no name of its own in the language).
 */
export function tagNameClash(
  key: string,
  nameKey: string,
  takenIn: ReadonlyMap<string, string>,
  isUnnamedTag: (candidate: string) => boolean,
): string | null {
  for (const [other, otherNameKey] of takenIn)
    if (other !== key && otherNameKey === nameKey) return `is already the name of the tag ${other} in this language`;
  if (nameKey !== key && isUnnamedTag(nameKey)) return `is the address of the tag ${nameKey} in this language`;
  return null;
}
