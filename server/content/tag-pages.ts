/**
 * The tag pages: a language's tags with their number of articles, and one tag's page, its
 * articles newest first, keyset-paged by an `?after=` cursor. A tag is named in each language by its
 * name there, else as it is written; so is its page's address (decision 0221, core/tags.ts).
 */
import type { CurrentPage } from "#core/language-switch.ts";
import { decodeSegment } from "#core/paths.ts";
import type { Alternate, TagsIndexView, TagView } from "#core/views.ts";
import { tagAddressKey, tagKey, tagOfAddress } from "#core/tags.ts";
import { showsList, showsTag, showsTagAddresses, showsTagName, showsTagNames } from "./changes.ts";
import { articleCard } from "./cards.ts";
import type { ListKey } from "./listed-versions.ts";
import type { PageReads } from "./page-reads.ts";
import { enabledLanguages, sectionPathIn, sectionSeo, seoAlternates, tagPathIn } from "./public-sections.ts";
import type { Language } from "./resident.ts";
import type { TagName } from "./tag-names.ts";

/** Articles per tag page. */
export const TAG_PAGE_SIZE = 12;

/**
 * A tag page's alternates: the same tag's page in each enabled language where a published version
 * carries it (elsewhere the page is a 404). An edit of an article tagged so, in any language, changes
 * them (tags belong to the article, so every language spells an article's tag the same).
 */
async function tagAlternates(
  reads: PageReads,
  key: string,
  tag: string,
  names: ReadonlyMap<string, TagName>,
): Promise<Alternate[]> {
  const { resident } = reads;
  reads.dependsOn(showsTag(tag));
  const codes = new Set(await reads.articles.tagLanguages(key));
  return enabledLanguages(resident).flatMap((other) => {
    const path = codes.has(other.code) ? tagPathIn(resident, other, key, names.get(other.code)?.nameKey) : null;
    return path === null ? [] : [{ hrefLang: other.code, path }];
  });
}

/**
 * `/{lang}/{tags}`: every tag of the language's published articles with its number of articles,
 * in the language's alphabetical order. Null when the language has no tag pages.
 */
export async function tagsIndexView(reads: PageReads, language: Language): Promise<TagsIndexView | null> {
  const { resident } = reads;
  if (sectionPathIn(resident, language, "TAGS") === null) return null;
  reads.dependsOn(showsList(language.code));
  reads.dependsOn(showsTagNames(language.code));
  const collator = new Intl.Collator(language.code, { sensitivity: "base", numeric: true });
  const written = await reads.articles.tagsIn(language.code);
  const names = await reads.articles.tagNamesIn(
    language.code,
    written.map(({ key }) => key),
  );
  const tags = written
    .map(({ key, tag, count }) => ({ key, tag: names.get(key)?.name ?? tag, count }))
    .sort((a, b) => collator.compare(a.tag, b.tag) || a.key.localeCompare(b.key))
    .flatMap(({ key, tag, count }) => {
      const path = tagPathIn(resident, language, key, names.get(key)?.nameKey);
      return path === null ? [] : [{ tag, count, path }];
    });
  return {
    kind: "tags" as const,
    page: { kind: "section", section: "TAGS" } satisfies CurrentPage,
    seo: sectionSeo(resident, language, "TAGS"),
    tags,
  };
}

/** A tag page's `?after=` cursor: the last shown article's publication date and id. */
const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z)_(\d{1,9})$/;

export function parseTagCursor(value: string | null): { ok: true; after: ListKey | null } | { ok: false } {
  if (value === null || value === "") return { ok: true, after: null };
  const match = CURSOR.exec(value);
  return match ? { ok: true, after: { publishedAt: match[1]!, id: Number(match[2]) } } : { ok: false };
}

/** A tag's address that is not its canonical one in the language (as written where it has a name, another language's name): where it is. */
export interface TagMoved {
  kind: "moved";
  path: string;
}

/**
 * A tag's page in a language: its published articles, newest first, keyset-paged. Null when none carries it (or
 * the URL cannot name a tag); `moved` when the address names the tag otherwise than the language does.
 */
export async function tagView(
  reads: PageReads,
  language: Language,
  rawTag: string,
  after: ListKey | null,
): Promise<TagView | TagMoved | null> {
  const { resident } = reads;
  const decoded = decodeSegment(rawTag);
  if (decoded === null || decoded === "") return null;
  const requested = tagKey(decoded);
  const key = tagOfAddress(requested, language.code, await reads.articles.tagNameMatches(requested));
  // Its names in every language: this page's, its alternates' and its language links' addresses.
  reads.dependsOn(showsTagAddresses(key));
  reads.dependsOn(showsTagName(language.code, key));
  const names = await reads.articles.tagNamesOf(key);
  const canonical = tagPathIn(resident, language, key, names.get(language.code)?.nameKey);
  if (canonical === null) return null;
  // Any article edit in the language may change this page (a card, a tag spelled another way).
  reads.dependsOn(showsList(language.code));
  const found = await reads.articles.taggedAfter(language.code, key, after, TAG_PAGE_SIZE);
  if (found.tag === null) return null;
  const cursor = (at: ListKey) => `?after=${encodeURIComponent(`${at.publishedAt}_${at.id}`)}`;
  if (tagAddressKey(key, names.get(language.code)?.nameKey) !== requested)
    return { kind: "moved", path: `${canonical}${after ? cursor(after) : ""}` };
  const itemIds = Object.fromEntries(
    enabledLanguages(resident).flatMap((other) => {
      const nameKey = names.get(other.code)?.nameKey;
      return nameKey === undefined ? [] : [[other.id, nameKey]];
    }),
  );
  return {
    kind: "tag" as const,
    page: {
      kind: "item",
      section: "TAGS",
      itemId: key,
      itemIds,
      // The same tag page in every language (empty slug: tag pages have none).
      slugs: Object.fromEntries(enabledLanguages(resident).map((other) => [other.id, ""])),
    } satisfies CurrentPage,
    seo: {
      canonicalPath: `${canonical}${after ? cursor(after) : ""}`,
      alternates: after ? [] : seoAlternates(resident, await tagAlternates(reads, key, found.tag, names)),
    },
    slug: undefined,
    tag: names.get(language.code)?.name ?? found.tag,
    allTagsPath: sectionPathIn(resident, language, "TAGS")!,
    items: found.items.flatMap((entry) => articleCard(resident, language, entry) ?? []),
    newestPath: after ? canonical : null,
    olderPath: found.next ? `${canonical}${cursor(found.next)}` : null,
  };
}
