import type { SignedInUser } from "../../app/context.ts";

/** Per-request values the middlewares share. */
export interface HttpEnv {
  Variables: {
    nonce: string;
    requestId: string;
    user: SignedInUser | null;
  };
}
