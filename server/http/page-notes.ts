/** What a page's loader tells the page cache (page-cache.ts) while it renders; its own module so env.ts can name it without a cycle. */
/** What a page's loader tells the cache while it renders: what the page shows and which query parameters it reads. */
export interface PageNotes {
  shows: Set<string>;
  /** Query parameters the page reads; null when the loader did not say (the whole query then keys the page). */
  query: string[] | null;
}

export function newPageNotes(): PageNotes {
  return { shows: new Set(), query: null };
}
