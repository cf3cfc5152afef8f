/**
 * Conditional writes: no save from a stale copy (RFC 9110 §13, docs/decisions/0151-no-save-from-a-stale-copy.md).
 * Every admin resource two people can edit answers a strong ETag made from the representation its GET
 * answers, and every write to it names the ETag it was made from in `If-Match`: without one the write is
 * refused with 428, with a stale one with 412 carrying the resource as it is now. Creating a resource that
 * must not exist yet sends `If-None-Match: *`. Services check inside their write transaction, on the row
 * read with `lockedForWrite` (server/db/locks.ts), so two writers from the same copy cannot both pass.
 */
import { createHash } from "node:crypto";
import type { Context } from "hono";
import { type AppError, invalid, preconditionFailed, preconditionRequired } from "#core/errors.ts";

/** The strong entity tag of a representation: a digest of its JSON (the same JSON always gives the same tag). */
export function entityTag(representation: unknown): string {
  return `"${createHash("sha256").update(JSON.stringify(representation)).digest("base64url").slice(0, 27)}"`;
}

/** What a write said it was made from. */
export interface Preconditions {
  /** The entity tags of `If-Match` ("*": any current state), or null when the header is absent. */
  ifMatch: readonly string[] | "*" | null;
  /** `If-None-Match: *`: the write creates the resource and must not replace one. */
  ifNoneMatchAny: boolean;
}

/** No precondition: what a write from the command line or the server itself (a schedule) works with. */
export const UNCONDITIONAL: Preconditions = { ifMatch: "*", ifNoneMatchAny: false };

const ENTITY_TAG = /^(W\/)?"[\x21\x23-\x7e\x80-\xff]*"$/;

/** Parses a list of entity tags; a malformed one is a 400 naming the header. */
function entityTags(header: string, name: string): string[] | "*" {
  if (header.trim() === "*") return "*";
  const tags = header
    .split(",")
    .map((tag) => tag.trim())
    .filter((tag) => tag !== "");
  if (tags.length === 0 || tags.some((tag) => !ENTITY_TAG.test(tag))) {
    throw invalid(
      "invalid_header",
      `${name}: must be "*" or a list of entity tags ("…") as the resource's ETag gave them.`,
      name,
    );
  }
  return tags;
}

/** The preconditions a request sent. */
export function readPreconditions(c: Context): Preconditions {
  const ifMatch = c.req.header("if-match");
  const ifNoneMatch = c.req.header("if-none-match");
  return {
    ifMatch: ifMatch === undefined ? null : entityTags(ifMatch, "If-Match"),
    ifNoneMatchAny: ifNoneMatch !== undefined && entityTags(ifNoneMatch, "If-None-Match") === "*",
  };
}

/** How a resource's tag is made from its representation: entityTag, unless the resource's tag leaves out what other resources decide. */
export type TagOf<T> = (representation: T) => string;

/** The 412 of a stale write: the resource as it is now (null when it no longer exists) and its tag. */
function stale<T>(message: string, current: T | null, tagOf: TagOf<T>): AppError {
  const etag = current === null ? null : tagOf(current);
  return preconditionFailed("precondition_failed", message, undefined, { current, etag });
}

/**
 * Refuses a write whose preconditions do not hold for `current` (the representation the resource's GET
 * would answer now, or null when it does not exist): 428 without any, 412 with a stale one. `what` names
 * the resource in the messages ("version fr-FR of article 3").
 */
export function requireCurrent<T>(
  preconditions: Preconditions,
  current: T | null,
  what: string,
  tagOf: TagOf<T> = entityTag,
): void {
  const { ifMatch, ifNoneMatchAny } = preconditions;
  if (ifNoneMatchAny) {
    if (current !== null)
      throw stale(
        `If-None-Match: ${what} already exists; someone else created it. Reload it and make your change again.`,
        current,
        tagOf,
      );
    return;
  }
  if (ifMatch === null) {
    throw preconditionRequired(
      "precondition_required",
      `If-Match: required; send the ETag of ${what} as you read it (GET it first)${current === null ? ", or If-None-Match: * to create it" : ""}.`,
      "If-Match",
    );
  }
  if (current === null) throw stale(`If-Match: ${what} does not exist (any more).`, null, tagOf);
  if (ifMatch === "*") return;
  const tag = tagOf(current);
  // Our tags are strong (a digest of the JSON); the compression middleware marks those of the answers it
  // compresses weak (W/"…"), so a client sends back what it got: the same digest, the same copy.
  if (!ifMatch.some((sent) => sent.replace(/^W\//, "") === tag))
    throw stale(
      `If-Match: ${what} changed since you read it; someone else saved it. Compare with the current state and save again.`,
      current,
      tagOf,
    );
}

/** Answers a representation with its ETag (by default the digest of the representation). */
export function withEntityTag<T>(c: Context, representation: T, tagOf: TagOf<T> = entityTag): T {
  c.header("ETag", tagOf(representation));
  return representation;
}
