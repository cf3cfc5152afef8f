/**
 * Keys of the content delivery API (docs/decisions/0200-content-api-keys.md): created by admins, kept as the
 * SHA-256 of their token (32 random bytes: no guessing, so no slow hash is needed), shown once, revoked but kept
 * listed with when they were last used.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Selectable } from "kysely";
import type { ApiKey, ApiKeyInput } from "#core/admin/api-keys/schema.ts";
import { invalid, notFound } from "#core/errors.ts";
import type { AdminServices } from "#server/content/context.ts";
import type { ApiKeysTable } from "#server/db/platform-schema.ts";
import { recordAudit } from "#server/audit/record.ts";

const API_KEY = "api_key";
/** Every token starts so: a secret scanner (or a person) can tell what leaked. */
export const TOKEN_PREFIX = "ppk_";
/** Characters of the token shown on the screen after creation. */
const SHOWN_PREFIX_CHARS = TOKEN_PREFIX.length + 6;

export const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

export function toApiKey(row: Selectable<ApiKeysTable>): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    languages: JSON.parse(row.languages) as string[],
    origins: JSON.parse(row.origins) as string[],
    rateLimit: row.rate_limit,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
  };
}

/** Every key, newest first: a handful per site, so no paging. */
export async function listApiKeys(services: AdminServices): Promise<ApiKey[]> {
  const rows = await services.database.db.selectFrom("api_keys").selectAll().orderBy("id", "desc").execute();
  return rows.map(toApiKey);
}

export async function createApiKey(
  services: AdminServices,
  actorUid: string,
  input: ApiKeyInput,
): Promise<{ apiKey: ApiKey; token: string }> {
  const known = new Set(services.content.current().languages.map((language) => language.code));
  const unknown = input.languages.filter((code) => !known.has(code));
  if (unknown.length > 0)
    throw invalid("invalid_field", `languages: there is no language ${unknown.join(", ")}.`, "languages");
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
  return services.database.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("api_keys")
      .values({
        name: input.name,
        token_hash: tokenHash(token),
        prefix: token.slice(0, SHOWN_PREFIX_CHARS),
        languages: JSON.stringify(input.languages),
        origins: JSON.stringify(input.origins),
        rate_limit: input.rateLimit,
        created_by: actorUid,
        created_at: new Date().toISOString(),
        last_used_at: null,
        revoked_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const apiKey = toApiKey(row);
    // The token never reaches the audit log.
    await recordAudit(trx, {
      uid: actorUid,
      action: "create",
      entity: API_KEY,
      entityId: String(row.id),
      after: apiKey,
    });
    return { apiKey, token };
  });
}

/** Revokes a key at once (every instance reads keys from the database on each request); revoking twice changes nothing. */
export async function revokeApiKey(services: AdminServices, actorUid: string, id: number): Promise<ApiKey> {
  return services.database.db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("api_keys").selectAll().where("id", "=", id).executeTakeFirst();
    if (!before) throw notFound("not_found", `id: no API key ${id}.`, "id");
    if (before.revoked_at !== null) return toApiKey(before);
    const after = await trx
      .updateTable("api_keys")
      .set({ revoked_at: new Date().toISOString() })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      uid: actorUid,
      action: "revoke",
      entity: API_KEY,
      entityId: String(id),
      before: toApiKey(before),
      after: toApiKey(after),
    });
    return toApiKey(after);
  });
}
