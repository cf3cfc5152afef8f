/**
 * What the composition root hands to the features: the services (made by server/services.ts) and, through
 * React Router's context, the request's state for loaders and actions. It lives in content/ because the
 * services are built around the content store; the folders below content/ (search, media, db…) take only
 * what they use (docs/decisions/0180-server-layers.md).
 */
import { createContext, type RouterContextProvider } from "react-router";
import type { SignedInUser } from "#core/shell.ts";
import type { Config } from "#server/base/config.ts";
import type { ContentStore } from "./store.ts";
import type { DatabaseHandle } from "#server/db/connect.ts";
import type { Logger } from "#server/base/log.ts";
import type { PageNotes } from "#server/http/page-notes.ts";

export interface AppServices {
  config: Config;
  database: DatabaseHandle;
  content: ContentStore;
  log: Logger;
}

/** What every admin service takes: the settings, the database it writes and the content store it tells about public changes. */
export type AdminServices = Pick<AppServices, "config" | "database" | "content">;

export interface RequestState {
  /** CSP nonce for the inline scripts React Router renders. */
  nonce: string;
  requestId: string;
  user: SignedInUser | null;
  /** What the page shows and which query parameters it reads, for the page cache's keys and invalidation. */
  pageNotes: PageNotes;
  /**
   * For a document request, the texts its markup alone carries, by element id (see `forLoaderData`);
   * null for a client navigation's data request (`….data`), whose loader data has to carry it.
   */
  markupOnly: Map<string, string> | null;
}

export const servicesContext = createContext<AppServices>();
export const requestContext = createContext<RequestState>();

/**
 * A large text for the loader data (an article's rendered body, the page shell's JSON): itself for a
 * data request; null for a document request, which keeps it for the server's render to write into the
 * markup once (element `markupId`), instead of also sending it in the data React Router serializes for
 * hydration, where it was escaped twice more (decision 0132). The page reads it with app/lib/markup-only.ts.
 */
export function forLoaderData(context: Readonly<RouterContextProvider>, markupId: string, text: string): string | null {
  const { markupOnly } = context.get(requestContext);
  if (!markupOnly) return text;
  markupOnly.set(markupId, text);
  return null;
}
