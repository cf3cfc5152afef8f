import type { SecureHeadersVariables } from "hono/secure-headers";
import type { SignedInUser } from "#core/shell.ts";

/** Per-request values the middlewares share. */
export interface HttpEnv {
  Variables: SecureHeadersVariables & {
    nonce: string;
    requestId: string;
    user: SignedInUser | null;
  };
}
