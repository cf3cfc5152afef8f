/** Values the HTTP server hands to loaders and actions through React Router's context. */
import { createContext } from "react-router";
import type { SignedInUser } from "#core/shell.ts";
import type { Config } from "./config.ts";
import type { ContentStore } from "./content/store.ts";
import type { DatabaseHandle } from "./db/connect.ts";
import type { Logger } from "./log.ts";
import type { PageNotes } from "./http/page-notes.ts";

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
}

export const servicesContext = createContext<AppServices>();
export const requestContext = createContext<RequestState>();
