/**
 * Draft-preview links (docs/decisions/0095-revisions-schedules-and-previews.md):
 * `/{lang}/preview/{id}.{expires}.{signature}`, the signature an HMAC-SHA256 of
 * id and expiry under PREVIEW_SECRET. The signature makes links unguessable and
 * unalterable without a database read; the preview_links row makes each revocable.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Kysely } from "kysely";
import type { Config } from "#server/base/config.ts";
import type { Database } from "#server/db/schema.ts";
import type { ArticleView } from "#core/views.ts";
import { previewPath } from "#core/paths.ts";
import { articleView } from "./article-page.ts";
import type { PageReads } from "./page-reads.ts";
import { enabledLanguages } from "./public-sections.ts";

/** Without PREVIEW_SECRET, one random key per process: links then stop working when it restarts. */
const processSecret = randomBytes(32).toString("hex");

function secretOf(config: Pick<Config, "publishing">): string {
  return config.publishing.previewSecret ?? processSecret;
}

function signature(config: Pick<Config, "publishing">, id: number, expiresSeconds: number): Buffer {
  return createHmac("sha256", secretOf(config)).update(`preview:${id}.${expiresSeconds}`).digest();
}

export function previewToken(config: Pick<Config, "publishing">, id: number, expiresAt: Date): string {
  const expiresSeconds = Math.floor(expiresAt.getTime() / 1000);
  return `${id}.${expiresSeconds}.${signature(config, id, expiresSeconds).toString("base64url")}`;
}

const TOKEN_PATTERN = /^([1-9]\d{0,9})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/** Why a token shows nothing: each a 4xx status with the same page. */
export type PreviewRefusal =
  | { status: 400; reason: "malformed" }
  | { status: 404; reason: "unknown" }
  | { status: 410; reason: "expired" | "revoked" };

export type PreviewTarget =
  { ok: true; linkId: number; blogId: number; code: string } | ({ ok: false } & PreviewRefusal);

export async function resolvePreviewToken(
  db: Kysely<Database>,
  config: Pick<Config, "publishing">,
  token: string,
  now = new Date(),
): Promise<PreviewTarget> {
  const match = TOKEN_PATTERN.exec(token);
  if (!match) return { ok: false, status: 400, reason: "malformed" };
  const id = Number(match[1]);
  const expiresSeconds = Number(match[2]);
  const given = Buffer.from(match[3]!, "base64url");
  const expected = signature(config, id, expiresSeconds);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, status: 404, reason: "unknown" };
  if (expiresSeconds * 1000 <= now.getTime()) return { ok: false, status: 410, reason: "expired" };
  const link = await db
    .selectFrom("preview_links")
    .select(["article_id", "code", "revoked_at"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!link) return { ok: false, status: 404, reason: "unknown" };
  if (link.revoked_at !== null) return { ok: false, status: 410, reason: "revoked" };
  return { ok: true, linkId: id, blogId: link.article_id, code: link.code };
}

/** Headers of every preview answer: never stored by any cache, never indexed. */
export const PREVIEW_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" } as const;

export type PreviewPage =
  | { kind: "view"; view: ArticleView }
  | { kind: "redirect"; path: string }
  | { kind: "refused"; status: 400 | 404 | 410; reason: string };

/**
 * The article page a preview link shows: the version the token names, rendered
 * by the public article view. A link opened under another language's prefix
 * is sent to its own (the page's shell follows the URL's language).
 */
export async function previewPage(
  reads: PageReads,
  db: Kysely<Database>,
  config: Pick<Config, "publishing">,
  token: string,
  shortCode: string | undefined,
): Promise<PreviewPage> {
  const target = await resolvePreviewToken(db, config, token);
  if (!target.ok) return { kind: "refused", status: target.status, reason: target.reason };
  const language = enabledLanguages(reads.resident).find((candidate) => candidate.code === target.code);
  if (!language) return { kind: "refused", status: 404, reason: "unknown" };
  if (shortCode !== language.shortCode) return { kind: "redirect", path: previewPath(language.shortCode, token) };
  const view = await articleView(reads, language, String(target.blogId), true);
  // A preview never lists other languages (articleView gives null there, not "elsewhere").
  return view?.kind === "article" ? { kind: "view", view } : { kind: "refused", status: 404, reason: "unknown" };
}
