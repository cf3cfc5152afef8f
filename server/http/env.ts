import type { SignedInUser } from "#core/shell.ts";

/** Per-request values the middlewares share. */
export interface HttpEnv {
  Variables: {
    nonce: string;
    requestId: string;
    user: SignedInUser | null;
  };
}
