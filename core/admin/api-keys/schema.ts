/** What the API keys admin API accepts and answers (/admin/api-keys, docs/api.md "Content delivery API"). */
import { z } from "zod";

export const MAX_API_KEY_NAME_CHARS = 100;
export const MAX_API_KEY_ORIGINS = 20;
export const DEFAULT_API_KEY_RATE_LIMIT = 600;
export const MAX_API_KEY_RATE_LIMIT = 100_000;

/** A browser origin as the Origin header sends it: scheme, host and port, nothing else. */
const origin = z
  .string({ error: "must be text" })
  .trim()
  .refine((value) => URL.canParse(value) && ["http:", "https:"].includes(new URL(value).protocol), {
    error: "must be an http:// or https:// origin",
  })
  .refine((value) => !URL.canParse(value) || new URL(value).origin === value.replace(/\/$/, ""), {
    error: "must be an origin only (scheme, host and port), such as https://app.example",
  })
  .transform((value) => new URL(value).origin);

export const apiKeyInput = z.strictObject({
  name: z
    .string({ error: "must be text" })
    .trim()
    .min(1, { error: "must not be empty" })
    .max(MAX_API_KEY_NAME_CHARS, { error: `must be at most ${MAX_API_KEY_NAME_CHARS} characters` }),
  /** The languages the key may read (language codes); empty: every language. */
  languages: z
    .array(
      z.string({ error: "must be language codes" }).regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, {
        error: "must be language codes such as fr-FR",
      }),
      { error: "must be a list of language codes" },
    )
    .max(50)
    .default([])
    .transform((codes) => [...new Set(codes)]),
  /** Origins a browser may call the API from with this key (CORS); empty: none (servers and apps only). */
  origins: z
    .array(origin, { error: "must be a list of origins" })
    .max(MAX_API_KEY_ORIGINS, { error: `must name at most ${MAX_API_KEY_ORIGINS} origins` })
    .default([])
    .transform((origins) => [...new Set(origins)]),
  /** Requests per minute. */
  rateLimit: z
    .number({ error: "must be a whole number" })
    .int({ error: "must be a whole number" })
    .min(1, { error: "must be at least 1" })
    .max(MAX_API_KEY_RATE_LIMIT, { error: `must be at most ${MAX_API_KEY_RATE_LIMIT}` })
    .default(DEFAULT_API_KEY_RATE_LIMIT),
});
export type ApiKeyInput = z.output<typeof apiKeyInput>;

export const apiKeyIdParam = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, { error: "must be a positive whole number" })
  .transform(Number);

export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The token's first characters, to tell keys apart (the token itself is shown once, at creation). */
  prefix: z.string(),
  languages: z.array(z.string()),
  origins: z.array(z.string()),
  rateLimit: z.number().int(),
  createdAt: z.string(),
  /** When a request last used it (to the minute); null if never. */
  lastUsedAt: z.string().nullable(),
  /** When it was revoked; null while it works. */
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyResponse = z.object({ apiKey: apiKeySchema });
/** A creation answers the token, this once. */
export const apiKeyCreatedResponse = apiKeyResponse.extend({ token: z.string() });
export const apiKeyListResponse = z.object({ apiKeys: z.array(apiKeySchema) });
