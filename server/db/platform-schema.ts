/** Tables of what other software reads from the site: webhooks and their deliveries (0037), content API keys (0039). */
import type { Generated } from "kysely";
import type { Flag } from "./flag.ts";

export interface WebhooksTable {
  id: Generated<number>;
  url: string;
  description: string;
  events: string;
  secret: string;
  enabled: Flag;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface WebhookDeliveriesTable {
  id: Generated<number>;
  webhook_id: number;
  event_id: string;
  event: string;
  payload: string;
  status: "pending" | "succeeded" | "failed";
  attempts: number;
  next_attempt_at: string | null;
  last_attempt_at: string | null;
  response_status: number | null;
  duration_ms: number | null;
  response_excerpt: string | null;
  error: string | null;
  created_at: string;
}

/** 0039: keys of the content delivery API (docs/api.md "Content delivery API"); the token is kept as its SHA-256 only. */
export interface ApiKeysTable {
  id: Generated<number>;
  name: string;
  token_hash: string;
  prefix: string;
  /** JSON array of language codes; empty: every language. */
  languages: string;
  /** JSON array of origins browsers may call from. */
  origins: string;
  /** Requests per minute. */
  rate_limit: number;
  created_by: string | null;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface PlatformTables {
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  api_keys: ApiKeysTable;
}
