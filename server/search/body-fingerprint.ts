/**
 * What a search entry keeps of the Markdown body it was made from, to tell whether the body changed since (decision
 * 0130). Its own module, without Kysely: a bulk import's and the search catch-up's workers compute it beside the words.
 */
import { hash } from "node:crypto";

export function bodyFingerprint(body: string): string {
  return hash("sha256", body, "base64url");
}
