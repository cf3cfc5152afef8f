/**
 * A shared cache in front (a CDN, Varnish): every response the in-process cache keeps names what it shows
 * (./response-cache.ts) in `Surrogate-Key` (Fastly, Varnish's xkey) and `Cache-Tag` (Cloudflare, Akamai),
 * and every invalidation of that cache is sent on as a purge of the same keys (decision 0195,
 * docs/operations.md "Behind a CDN"). Each instance purges what it invalidates itself, once it no longer
 * serves the old text, so a shared cache cannot refill from an instance that has not heard of the change yet.
 */
import type { Config } from "#server/base/config.ts";
import { cacheKey, SHOWS_EVERYTHING } from "#server/content/changes.ts";
import type { Logger } from "#server/base/log.ts";

/** How long a shared cache may answer with a stale copy while it fetches a fresh one. */
const STALE_WHILE_REVALIDATE_SECONDS = 30;
/** Keys of one response beyond this many header bytes would be cut by a CDN (Cloudflare: 16 KB): the response is then not shared. */
const MAX_KEY_HEADER_BYTES = 8_000;
/** Invalidations within this window travel in one purge request. */
const PURGE_BATCH_MS = 50;
/** Keys per purge request at most; a batch above it purges SHOWS_EVERYTHING instead (everything, still correct). */
const MAX_KEYS_PER_PURGE = 256;
const PURGE_ATTEMPTS = 4;
const PURGE_RETRY_BASE_MS = 500;
const PURGE_TIMEOUT_MS = 10_000;
/** `{keys}` in CDN_PURGE_URL (as parsed, percent-encoded) is replaced by the purge's keys, for APIs that take them in the URL. */
const KEYS_PLACEHOLDER = /%7Bkeys%7D|\{keys\}/gi;

/**
 * A kept response's headers for a shared cache: its keys, and (when `maxAgeSeconds` > 0) how long the
 * shared cache may keep it; browsers still revalidate it every time (max-age=0, or what the route said).
 */
export function sharedCacheHeaders(
  headers: Record<string, string>,
  shows: ReadonlySet<string>,
  maxAgeSeconds: number,
): Record<string, string> {
  const keys = [SHOWS_EVERYTHING, ...[...shows].map(cacheKey)];
  const surrogateKey = keys.join(" ");
  // Keys a CDN would cut could not all be purged: such a response keeps the route's own Cache-Control, and no keys.
  if (surrogateKey.length > MAX_KEY_HEADER_BYTES) return headers;
  const tagged = { ...headers, "Surrogate-Key": surrogateKey, "Cache-Tag": keys.join(",") };
  if (maxAgeSeconds === 0) return tagged;
  // The route's own header name is kept (lower case from a Response): an override such as a signed-in
  // visitor's "private, no-store" then replaces it rather than adding a second value.
  const cacheControlName =
    Object.keys(headers).find((name) => name.toLowerCase() === "cache-control") ?? "cache-control";
  const browserMaxAge = /(?:^|,)\s*max-age=(\d+)/.exec(headers[cacheControlName] ?? "")?.[1] ?? "0";
  return {
    ...tagged,
    [cacheControlName]: `public, max-age=${browserMaxAge}, s-maxage=${maxAgeSeconds}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_SECONDS}`,
  };
}

export interface CdnPurger {
  /** Queues a purge of what showed `shows` (null: everything). */
  purge(shows: Iterable<string> | null): void;
  /** Sends what is queued now (shutdown, tests). */
  flush(): Promise<void>;
}

/**
 * Purges as CDN_PURGE_URL asks (its `{keys}`, if any, replaced by the space-separated keys, URL-encoded):
 * `CDN_PURGE_METHOD` (PURGE by default) with the keys in `Surrogate-Key`
 * (space-separated) and `Cache-Tag` (comma-separated) headers and in a JSON body `{"tags": [...]}`,
 * which Varnish's xkey, Fastly's and Cloudflare's purge APIs read. Failures are retried with backoff,
 * then logged; the shared cache's s-maxage bounds how long a lost purge leaves a page stale.
 */
export function createCdnPurger(settings: Config["cdn"], log: Logger): CdnPurger | null {
  const { purgeUrl, purgeMethod, purgeToken } = settings;
  if (purgeUrl === null) return null;
  let pending = new Set<string>();
  let timer: NodeJS.Timeout | null = null;
  let sending: Promise<void> = Promise.resolve();

  async function send(keys: string[]): Promise<void> {
    const headers: Record<string, string> = {
      "Surrogate-Key": keys.join(" "),
      "Cache-Tag": keys.join(","),
      "Content-Type": "application/json",
    };
    if (purgeToken) headers.Authorization = `Bearer ${purgeToken}`;
    for (let attempt = 1; ; attempt += 1) {
      try {
        const response = await fetch(purgeUrl!.replace(KEYS_PLACEHOLDER, encodeURIComponent(keys.join(" "))), {
          method: purgeMethod,
          headers,
          body: JSON.stringify({ tags: keys }),
          signal: AbortSignal.timeout(PURGE_TIMEOUT_MS),
        });
        await response.body?.cancel();
        if (response.ok) return;
        if (response.status < 500 && response.status !== 429) {
          log.warn({ status: response.status, keys: keys.length }, "the CDN refused a purge");
          return;
        }
        if (attempt === PURGE_ATTEMPTS) throw new Error(`answered ${response.status}`);
      } catch (error) {
        if (attempt === PURGE_ATTEMPTS) {
          log.warn(
            { err: error, keys: keys.length },
            "a CDN purge failed; pages stay in the shared cache until their s-maxage",
          );
          return;
        }
      }
      await new Promise((resolve) => setTimeout(resolve, PURGE_RETRY_BASE_MS * 2 ** (attempt - 1)).unref());
    }
  }

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    if (pending.size === 0) return sending;
    const keys = pending.size > MAX_KEYS_PER_PURGE || pending.has(SHOWS_EVERYTHING) ? [SHOWS_EVERYTHING] : [...pending];
    pending = new Set();
    // One purge in flight at a time, in order: a later purge never overtakes an earlier one.
    sending = sending.then(() => send(keys));
    return sending;
  }

  return {
    purge(shows) {
      if (shows === null) pending.add(SHOWS_EVERYTHING);
      else for (const tag of shows) pending.add(cacheKey(tag));
      timer ??= setTimeout(() => void flush(), PURGE_BATCH_MS).unref();
    },
    flush,
  };
}
