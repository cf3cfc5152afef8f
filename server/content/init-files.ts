/**
 * The start-up data files of spec §7 / PRODUCT.md §5: the published content of
 * one collection as { data: { documents: [{ id, data }] } }. Never users, never a file from disk.
 */
import type { Snapshot } from "./snapshot.ts";

export const INIT_FILE_NAMES = ["blogs", "translates", "languages"] as const;
export type InitFileName = (typeof INIT_FILE_NAMES)[number];

export function isInitFileName(name: string): name is InitFileName {
  return (INIT_FILE_NAMES as readonly string[]).includes(name);
}

interface Document {
  id: string;
  data: Record<string, unknown>;
}

function languageDocuments(snapshot: Snapshot): Document[] {
  return snapshot.languages
    .filter((language) => language.enabled)
    .map((language) => ({
      id: String(language.id),
      data: {
        code: language.code,
        short_code: language.shortCode,
        welcome: language.welcome,
        label: language.label,
        link: language.link,
        population: language.population,
        enabled: language.enabled,
        favorite: language.favorite,
        code_component: language.codeComponent,
        dir: language.dir,
      },
    }));
}

function translateDocuments(snapshot: Snapshot): Document[] {
  const enabled = snapshot.languages.filter((language) => language.enabled);
  return enabled.flatMap((language) => [
    ...(snapshot.sectionNames.get(language.code) ?? []).map((name) => ({
      id: `${language.code}:${name.section}`,
      data: { code: language.code, code_component: name.section, label: name.label, search: name.search, link: null, short_code: language.shortCode },
    })),
    ...[...(snapshot.translations.get(language.code) ?? new Map<string, string>())].map(([key, label]) => ({
      id: `${language.code}:${key}`,
      data: { code: language.code, code_component: key, label, search: null, link: null, short_code: language.shortCode },
    })),
  ]);
}

function blogDocuments(snapshot: Snapshot): Document[] {
  return snapshot.articles.map((article) => ({
    id: String(article.id),
    data: {
      key: article.key,
      author: article.author,
      cover: article.cover,
      tags: article.tags,
      versions: Object.fromEntries(
        [...article.versions].map(([code, version]) => [
          code,
          { slug: version.slug, title: version.title, summary: version.summary, body: version.body, publishedAt: version.publishedAt, updatedAt: version.updatedAt },
        ]),
      ),
    },
  }));
}

export function initFile(snapshot: Snapshot, name: InitFileName) {
  const documents = name === "languages" ? languageDocuments(snapshot) : name === "translates" ? translateDocuments(snapshot) : blogDocuments(snapshot);
  return { data: { documents } };
}
