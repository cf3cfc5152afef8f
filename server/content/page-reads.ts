/** What public loaders read content through, noting for the page cache what each page shows and which query parameters it reads. */
import type { RouterContextProvider } from "react-router";
import { requestContext, servicesContext } from "#server/content/context.ts";
import type { ArticleReader } from "./articles.ts";
import type { Resident } from "./resident.ts";

/** What a page view reads: the resident content, articles on demand, and where to note what it shows. */
export interface PageReads {
  resident: Resident;
  articles: ArticleReader;
  dependsOn(tag: string): void;
}

export function pageReads(context: Readonly<RouterContextProvider>): PageReads {
  const { content } = context.get(servicesContext);
  const { pageNotes } = context.get(requestContext);
  return { resident: content.current(), articles: content.articles, dependsOn: (tag) => pageNotes.shows.add(tag) };
}

/** Says which query parameters the page reads: the page cache keys it on these only, so any other parameter cannot force a render. */
export function readsQuery(context: Readonly<RouterContextProvider>, names: string[]): void {
  context.get(requestContext).pageNotes.query = names;
}
