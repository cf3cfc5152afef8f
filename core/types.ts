/** The sections a `{page}` URL segment can name. HOME is the language's `welcome` page; SEARCH and TAGS are the search results and tag pages (docs/decisions/0090). */
export type SectionKey = "HOME" | "ARTICLES" | "JOBS" | "SEARCH" | "TAGS";

/** The language fields the routing rules need (a subset of the stored language entry). */
export interface LanguageRef {
  id: number;
  code: string;
  shortCode: string;
  welcome: string;
  label: string;
  population: number;
  enabled: boolean;
  favorite: boolean;
  dir: "ltr" | "rtl";
}

/** A translation entry naming a section in one language: label is the URL page name, search an alternative accepted spelling. */
export interface SectionName {
  section: SectionKey;
  label: string;
  search: string | null;
}
