/** What a page's loader tells the page cache (page-cache.ts) while it renders; its own module so env.ts can name it without a cycle. */

/** A public page's shell: its language and the resident data's version (what its account area's texts depend on, decision 0134). */
export interface ShellNote {
  language: string;
  version: number;
}

/** What a page's loader tells the cache while it renders: what the page shows and which query parameters it reads. */
export interface PageNotes {
  shows: Set<string>;
  /** Query parameters the page reads; null when the loader did not say (the whole query then keys the page). */
  query: string[] | null;
  /** Set by a public page's shell: the page is the same for every visitor but its account area. */
  shell: ShellNote | null;
}

export function newPageNotes(): PageNotes {
  return { shows: new Set(), query: null, shell: null };
}
