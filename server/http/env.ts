import type { SecureHeadersVariables } from "hono/secure-headers";
import type { SignedInUser } from "#core/shell.ts";
import type { PageNotes } from "./page-notes.ts";

/** Per-request values the middlewares share. */
export interface HttpEnv {
  Variables: SecureHeadersVariables & {
    nonce: string;
    requestId: string;
    user: SignedInUser | null;
    /** Set by the page cache on anonymous page renders it may keep. */
    pageNotes: PageNotes | undefined;
    /** The content API's key of this request, once checked (server/web/content-keys.ts): the languages it may read (empty: all). */
    apiKey: { id: number; languages: readonly string[] } | undefined;
  };
}
