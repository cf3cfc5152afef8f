/**
 * The one place that reads process.env: every setting is validated here at
 * start-up, so a bad value stops the server with a message naming it.
 */
import { availableParallelism } from "node:os";
import { z } from "zod";
import { DEFAULT_NODE_ENV } from "./node-env.ts";
import { emailList, hostNameList } from "./setting-lists.ts";
import {
  machineTranslationEnv,
  machineTranslationOf,
  type MachineTranslationConfig,
} from "./machine-translation-settings.ts";

const port = z.coerce
  .number({ error: "must be a number" })
  .int("must be a whole number")
  .min(1, "must be between 1 and 65535")
  .max(65535, "must be between 1 and 65535");

const httpUrl = z
  .string()
  .trim()
  .refine((value) => URL.canParse(value), "must be an absolute URL like http://localhost:3000")
  .transform((value) => new URL(value))
  .refine((url) => url.protocol === "http:" || url.protocol === "https:", "must start with http:// or https://");

const databaseUrl = z
  .string()
  .trim()
  .refine(
    (value) => /^sqlite:.+/.test(value) || /^postgres(ql)?:\/\/.+/.test(value),
    "must be sqlite:PATH (e.g. sqlite:./data/site.db) or postgres://user@host:port/database",
  );

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

/** Revisions kept per language version unless REVISIONS_PER_VERSION says otherwise (also the content CLI's default). */
export const DEFAULT_REVISIONS_PER_VERSION = 50;

/** More copies than this would only share the same cores and multiply memory. */
const MAX_SERVER_PROCESSES = 64;

function wholeNumber(min: number, max: number) {
  return z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);
}

/** A whole number whose message gives both bounds. */
function between(min: number, max: number) {
  const message = `must be between ${min} and ${max}`;
  return z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(min, message)
    .max(max, message);
}

const envSchema = z.object({
  NODE_ENV: z.enum(["production", "development", "test"]).default(DEFAULT_NODE_ENV),
  PORT: port.default(3000),
  HOST: z.string().trim().min(1, "must not be empty").default("127.0.0.1"),
  PUBLIC_URL: httpUrl.optional(),
  DATABASE_URL: databaseUrl.default("sqlite:./data/site.db"),
  SEED: z.enum(["demo", "none"], { error: 'must be "demo" or "none"' }).default("demo"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: z.enum(["true", "false"], { error: 'must be "true" or "false"' }).default("false"),
  ALLOWED_HOSTS: hostNameList,
  ADMIN_EMAILS: emailList,
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GOOGLE_ISSUER: httpUrl.default(new URL("https://accounts.google.com")),
  GITHUB_CLIENT_ID: optionalText,
  GITHUB_CLIENT_SECRET: optionalText,
  GITHUB_AUTHORIZE_URL: httpUrl.default(new URL("https://github.com/login/oauth/authorize")),
  GITHUB_TOKEN_URL: httpUrl.default(new URL("https://github.com/login/oauth/access_token")),
  GITHUB_API_URL: httpUrl.default(new URL("https://api.github.com")),
  DEV_LOGIN: z.enum(["auto", "on", "off"], { error: 'must be "auto", "on" or "off"' }).default("auto"),
  SIGN_IN_RATE_LIMIT: wholeNumber(1, 100_000).default(20),
  ANALYTICS_RATE_LIMIT: wholeNumber(1, 100_000).default(60),
  ANALYTICS_EVENTS_PER_MINUTE: wholeNumber(1, 10_000_000).default(6000),
  ANALYTICS_RETENTION_DAYS: wholeNumber(1, 36_500).default(400),
  EMPTY_ARTICLE_HOURS: wholeNumber(1, 8_760).default(24),
  REQUEST_TIMEOUT_SECONDS: wholeNumber(1, 3600).default(30),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce
    .number({ error: "must be a number of seconds" })
    .min(0, "must be between 0 and 600 seconds")
    .max(600, "must be between 0 and 600 seconds")
    .default(10),
  METRICS_PORT: port.optional(),
  METRICS_HOST: z.string().trim().min(1, "must not be empty").default("127.0.0.1"),
  METRICS_TOKEN: z
    .string()
    .trim()
    .min(32, "must be at least 32 characters (e.g. openssl rand -hex 32)")
    .regex(/^[\x21-\x7e]+$/, "must be printable ASCII without spaces")
    .optional(),
  PAGE_CACHE_BYTES: z.coerce
    .number({ error: "must be a number of bytes" })
    .int("must be a whole number of bytes")
    .min(1_048_576, "must be at least 1048576 (1 MiB)")
    .max(68_719_476_736, "must be at most 68719476736 (64 GiB)")
    .default(33_554_432),
  SITEMAP_CHUNK_URLS: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(50_000, "must be at most 50000 (the sitemap protocol's limit)")
    .default(50_000),
  MEDIA_MAX_UPLOAD_MB: between(1, 200).default(20),
  MEDIA_MAX_MEGAPIXELS: between(1, 268).default(40),
  MEDIA_MAX_SIDE_PX: wholeNumber(1, 65_535).default(16_384),
  MEDIA_MAX_CONCURRENT_UPLOADS: wholeNumber(1, 64).default(4),
  REVISIONS_PER_VERSION: wholeNumber(1, 10_000).default(DEFAULT_REVISIONS_PER_VERSION),
  PREVIEW_SECRET: z.string().trim().min(32, "must be at least 32 characters (e.g. openssl rand -hex 32)").optional(),
  PREVIEW_LINK_DAYS: wholeNumber(1, 90).default(7),
  SCHEDULER_TICK_SECONDS: wholeNumber(1, 60).default(30),
  CDN_PURGE_URL: httpUrl.optional(),
  CDN_PURGE_METHOD: z.enum(["PURGE", "POST"], { error: 'must be "PURGE" or "POST"' }).default("PURGE"),
  CDN_PURGE_TOKEN: z
    .string()
    .trim()
    .regex(/^[\x21-\x7e]+$/, "must be printable ASCII without spaces")
    .optional(),
  CDN_MAX_AGE_SECONDS: wholeNumber(0, 31_536_000).default(0),
  WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: z.enum(["true", "false"], { error: 'must be "true" or "false"' }).default("false"),
  WEBHOOK_RETRY_BASE_SECONDS: wholeNumber(1, 3_600).default(30),
  SERVER_PROCESSES: z
    .string()
    .trim()
    .refine(
      (value) =>
        value === "auto" || (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= MAX_SERVER_PROCESSES),
      `must be "auto" or a whole number from 1 to ${MAX_SERVER_PROCESSES}`,
    )
    .transform((value) => (value === "auto" ? availableParallelism() : Number(value)))
    .default(1),
  ...machineTranslationEnv,
});

export type DatabaseTarget = { kind: "sqlite"; path: string } | { kind: "postgres"; url: string };

export interface OAuthClientConfig {
  clientId: string;
  clientSecret: string;
}

export interface Config {
  env: "production" | "development" | "test";
  port: number;
  host: string;
  /** Origin the site is reached at (no trailing slash): links, cookies' Secure flag, postMessage checks. */
  publicUrl: string;
  /**
   * Other host names of the same site (ALLOWED_HOSTS): besides PUBLIC_URL's own name (and the
   * loopback names when it is a loopback address), the only ones a request's Host may give.
   */
  allowedHosts: string[];
  secureCookies: boolean;
  database: DatabaseTarget;
  seed: "demo" | "none";
  logLevel: string;
  trustProxy: boolean;
  adminEmails: string[];
  google: { issuer: string; client: OAuthClientConfig | null };
  github: { authorizeUrl: string; tokenUrl: string; apiUrl: string; client: OAuthClientConfig | null };
  /** "auto": the development identity provider stands in for unconfigured providers on loopback addresses only. */
  devLogin: "auto" | "on" | "off";
  /** Copies of the site sharing the port (docs/decisions/0126-one-process-per-core.md); 1: this process serves alone. */
  serverProcesses: number;
  /** Requests to /auth/* allowed per client IP address and minute. */
  signInRateLimit: number;
  /** How long a shutdown waits for in-flight requests before cutting them. */
  shutdownTimeoutMs: number;
  /**
   * Prometheus metrics are never public by default: a separate listener (port,
   * meant for a private interface), and/or /metrics on the site behind a bearer token.
   */
  metrics: { port: number | null; host: string; token: string | null };
  analytics: {
    /** Events accepted per client address and minute; more get 429. */
    rateLimit: number;
    /** Events stored per minute for the whole site; more are acknowledged and not stored. */
    eventsPerMinute: number;
    /** Events older than this many days are deleted. */
    retentionDays: number;
  };
  /** An article with no version, untouched this many hours, is deleted (an abandoned "New article"). */
  emptyArticleHours: number;
  /** Time a client has to send a whole request (headers: at most 10 s of it). */
  requestTimeoutSeconds: number;
  /** Bytes the cache of anonymous pages, start-up files and sitemaps may hold (an LRU). */
  pageCacheBytes: number;
  /** URLs per child sitemap at most (fewer when long entries would pass 50 MB). */
  sitemapChunkUrls: number;
  /** Image uploads (/admin/media). */
  media: {
    /** Largest file, in bytes. */
    maxUploadBytes: number;
    /** Largest picture, in pixels (decompression bombs); checked on the header, before decoding. */
    maxInputPixels: number;
    /** Longest side, in pixels (images of extreme shape); checked on the header, before decoding. */
    maxSidePixels: number;
    /** Uploads one process holds at once (received, waiting or processed); one more is answered 503 before its body is read. */
    maxConcurrentUploads: number;
  };
  publishing: {
    /** Revisions kept per language version; older ones are dropped as new ones are saved. */
    revisionsPerVersion: number;
    /** HMAC key of draft-preview links; null: a random one per process (links then die with it). */
    previewSecret: string | null;
    previewLinkDays: number;
    /** How often the scheduler looks for due publishes (at most 60 s: changes land within a minute). */
    schedulerTickMs: number;
  };
  /** A shared cache in front (docs/operations.md "Behind a CDN", decision 0195). */
  cdn: {
    /** Where every content change sends the purge of the cache keys it made stale; null: no purge is sent. */
    purgeUrl: string | null;
    purgeMethod: "PURGE" | "POST";
    /** Sent as `Authorization: Bearer …` with each purge (a CDN API's token); never logged. */
    purgeToken: string | null;
    /** How long a shared cache may keep a public page (s-maxage); 0: it must revalidate every time. */
    maxAgeSeconds: number;
  };
  /** Outgoing webhooks (docs/api.md "Webhooks"). */
  webhooks: {
    /** Whether endpoints may be on loopback, private or link-local addresses (off: such endpoints are refused). */
    allowPrivateAddresses: boolean;
    /** The first retry's delay; each next one is four times longer (at most 4 hours). */
    retryBaseMs: number;
  };
  /** Machine translation suggested in the workbench (decision 0218); null: none configured, the feature is hidden. */
  machineTranslation: MachineTranslationConfig | null;
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "ConfigError";
    this.problems = problems;
  }
}

export function parseDatabaseUrl(value: string): DatabaseTarget {
  if (value.startsWith("sqlite:")) return { kind: "sqlite", path: value.slice("sqlite:".length) };
  return { kind: "postgres", url: value };
}

function pairedClient(name: string, id: string | undefined, secret: string | undefined, problems: string[]) {
  if (id && secret) return { clientId: id, clientSecret: secret };
  if (id || secret) problems.push(`${name}_CLIENT_ID and ${name}_CLIENT_SECRET must be set together`);
  return null;
}

function withoutTrailingSlash(url: URL): string {
  return url.href.replace(/\/+$/, "");
}

/** Reads and validates the environment; throws ConfigError listing every bad setting. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ""));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`));
  }
  const settings = parsed.data;
  const problems: string[] = [];
  const publicUrl = settings.PUBLIC_URL ?? new URL(`http://localhost:${settings.PORT}`);
  if (publicUrl.pathname !== "/" || publicUrl.search || publicUrl.hash) {
    problems.push(
      "PUBLIC_URL: must be an origin only, without path, query or fragment (e.g. https://press.example.com)",
    );
  }
  const google = pairedClient("GOOGLE", settings.GOOGLE_CLIENT_ID, settings.GOOGLE_CLIENT_SECRET, problems);
  const github = pairedClient("GITHUB", settings.GITHUB_CLIENT_ID, settings.GITHUB_CLIENT_SECRET, problems);
  if (settings.METRICS_PORT !== undefined && settings.METRICS_PORT === settings.PORT) {
    problems.push("METRICS_PORT: must differ from PORT (metrics get their own listener)");
  }
  const machineTranslation = machineTranslationOf(settings, problems);
  if (problems.length > 0) throw new ConfigError(problems);

  return {
    env: settings.NODE_ENV,
    port: settings.PORT,
    host: settings.HOST,
    publicUrl: withoutTrailingSlash(publicUrl),
    allowedHosts: settings.ALLOWED_HOSTS,
    secureCookies: publicUrl.protocol === "https:",
    database: parseDatabaseUrl(settings.DATABASE_URL),
    seed: settings.SEED,
    logLevel: settings.LOG_LEVEL,
    trustProxy: settings.TRUST_PROXY === "true",
    adminEmails: settings.ADMIN_EMAILS,
    google: { issuer: withoutTrailingSlash(settings.GOOGLE_ISSUER), client: google },
    github: {
      authorizeUrl: settings.GITHUB_AUTHORIZE_URL.href,
      tokenUrl: settings.GITHUB_TOKEN_URL.href,
      apiUrl: withoutTrailingSlash(settings.GITHUB_API_URL),
      client: github,
    },
    devLogin: settings.DEV_LOGIN,
    serverProcesses: settings.SERVER_PROCESSES,
    signInRateLimit: settings.SIGN_IN_RATE_LIMIT,
    shutdownTimeoutMs: Math.round(settings.SHUTDOWN_TIMEOUT_SECONDS * 1000),
    metrics: {
      port: settings.METRICS_PORT ?? null,
      host: settings.METRICS_HOST,
      token: settings.METRICS_TOKEN ?? null,
    },
    analytics: {
      rateLimit: settings.ANALYTICS_RATE_LIMIT,
      eventsPerMinute: settings.ANALYTICS_EVENTS_PER_MINUTE,
      retentionDays: settings.ANALYTICS_RETENTION_DAYS,
    },
    emptyArticleHours: settings.EMPTY_ARTICLE_HOURS,
    requestTimeoutSeconds: settings.REQUEST_TIMEOUT_SECONDS,
    pageCacheBytes: settings.PAGE_CACHE_BYTES,
    sitemapChunkUrls: settings.SITEMAP_CHUNK_URLS,
    media: {
      maxUploadBytes: settings.MEDIA_MAX_UPLOAD_MB * 1024 * 1024,
      maxInputPixels: settings.MEDIA_MAX_MEGAPIXELS * 1_000_000,
      maxSidePixels: settings.MEDIA_MAX_SIDE_PX,
      maxConcurrentUploads: settings.MEDIA_MAX_CONCURRENT_UPLOADS,
    },
    publishing: {
      revisionsPerVersion: settings.REVISIONS_PER_VERSION,
      previewSecret: settings.PREVIEW_SECRET ?? null,
      previewLinkDays: settings.PREVIEW_LINK_DAYS,
      schedulerTickMs: settings.SCHEDULER_TICK_SECONDS * 1000,
    },
    cdn: {
      purgeUrl: settings.CDN_PURGE_URL?.href ?? null,
      purgeMethod: settings.CDN_PURGE_METHOD,
      purgeToken: settings.CDN_PURGE_TOKEN ?? null,
      maxAgeSeconds: settings.CDN_MAX_AGE_SECONDS,
    },
    webhooks: {
      allowPrivateAddresses: settings.WEBHOOKS_ALLOW_PRIVATE_ADDRESSES === "true",
      retryBaseMs: settings.WEBHOOK_RETRY_BASE_SECONDS * 1000,
    },
    machineTranslation,
  };
}

/** The settings, or the process ends with a message naming every bad one. */
export function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** Settings the tests need from the environment (the suite reads them through here too). */
export function testDatabaseUrl(env: Record<string, string | undefined> = process.env): string {
  return env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
}
