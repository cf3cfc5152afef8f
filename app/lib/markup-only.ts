/**
 * Texts a document sends once, in its markup (decision 0132): an article's rendered body, the page
 * shell's JSON. For a document request the loader data holds null in their place (server/content/context.ts,
 * `forLoaderData`). The server's render takes them from MarkupOnlyContext (entry.server.tsx provides
 * the request's); the browser, hydrating, reads them back from the elements the server wrote them into.
 * A client navigation's data carries them itself.
 */
import { createContext } from "react";

/** On the server: the texts the document's markup alone carries, by element id. */
export const MarkupOnlyContext = createContext<ReadonlyMap<string, string> | null>(null);

/** What the server wrote into element `id` (its HTML, or a data block's text): from the request's texts on the server, from the document in the browser. */
export function markupText(id: string, kept: ReadonlyMap<string, string> | null): string {
  if (kept) return kept.get(id) ?? "";
  return typeof document === "undefined" ? "" : (document.getElementById(id)?.innerHTML ?? "");
}
