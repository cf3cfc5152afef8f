/**
 * Integration-test support: a fresh database of each kind per call (SQLite in a
 * temp file, PostgreSQL in a new database on the local server), migrated and
 * seeded, with the real services and HTTP app on top.
 */
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import type { Kysely } from "kysely";
import { expect, inject } from "vitest";
import { loadConfig, parseDatabaseUrl, type Config } from "#server/base/config.ts";
import { createHttpApp, type HttpAppOptions } from "#server/web/app.ts";
import { createLogger } from "#server/base/log.ts";
import { createServices } from "#server/services.ts";
import { createPostgresDatabase } from "#tests/fixtures/postgres-database.ts";
import { STALE_RENDER } from "#server/content/rendering.ts";
import type { Database } from "#server/db/schema.ts";

export const DATABASE_KINDS = ["sqlite", "postgres"] as const;
export type DatabaseKind = (typeof DATABASE_KINDS)[number];

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** An empty database, or with `seeded` a copy of the run's migrated and seeded one (tests/integration/seeded-templates.ts). */
export async function createTestDatabase(kind: DatabaseKind, { seeded = false } = {}): Promise<TestDatabase> {
  const templates = seeded ? inject("seededTemplates") : null;
  if (kind === "postgres") {
    const template = templates?.postgres;
    if (typeof template === "object")
      throw new Error(`No seeded PostgreSQL database for this run: ${template.unavailable}`);
    return createPostgresDatabase("pp_test", template);
  }
  const dir = mkdtempSync(join(tmpdir(), "pp-test-"));
  const path = join(dir, "site.db");
  if (templates) copyFileSync(templates.sqlite, path);
  return { url: `sqlite:${path}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

export function testConfig(databaseUrl: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: "test",
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: "silent",
    PUBLIC_URL: "http://localhost:3000",
    ...env,
  });
}

/** Real services and HTTP app (API only, no React Router build) on a fresh, seeded database. */
export async function startTestApp(
  kind: DatabaseKind,
  options: { env?: Record<string, string>; http?: HttpAppOptions } = {},
) {
  const database = await createTestDatabase(kind, { seeded: true });
  const config = testConfig(database.url, options.env);
  const services = await createServices(config, createLogger("silent"));
  const app = createHttpApp(services, options.http);
  return {
    services,
    app,
    config,
    databaseUrl: database.url,
    async close() {
      await services.close();
      await database.drop();
    },
  };
}

/**
 * Cookie jar + XSRF for requests against app.request(): what a browser would
 * send. The token is tied to the session, so a signed-in visitor's comes from
 * a request made with its session cookie.
 */
export async function xsrfHeaders(
  app: { request: (path: string, init?: RequestInit) => Response | Promise<Response> },
  sessionCookie?: string,
) {
  const response = await app.request("/healthz", sessionCookie ? { headers: { cookie: sessionCookie } } : undefined);
  const token = /XSRF-TOKEN=([^;]+)/.exec(response.headers.get("set-cookie") ?? "")?.[1];
  if (!token) throw new Error("the server set no XSRF-TOKEN cookie");
  return { cookie: `XSRF-TOKEN=${token}`, "x-xsrf-token": token };
}

/** A user and a live session for it, as a Cookie header value: how tests act as a visitor, a user or an admin. */
export async function signedInCookie(
  services: { database: { db: import("kysely").Kysely<import("#server/db/schema.ts").Database> } },
  /** isAdmin: true is role "admin"; a translator's languages are stored codes ("fr-FR"). */
  user: {
    uid?: string;
    email: string;
    displayName?: string;
    isAdmin?: boolean;
    role?: import("#core/auth/roles.ts").Role;
    languages?: string[];
    canPublish?: boolean;
  },
): Promise<string> {
  const { createSession } = await import("#server/auth/sessions.ts");
  const uid = user.uid ?? `test-${randomBytes(4).toString("hex")}`;
  await services.database.db
    .insertInto("users")
    .values({
      uid,
      email: user.email,
      display_name: user.displayName ?? user.email,
      photo_url: null,
      email_verified: 1,
      role: user.role ?? (user.isAdmin ? "admin" : "user"),
      role_languages: (user.languages ?? []).join(","),
      can_publish: user.canPublish ? 1 : 0,
      created_at: new Date().toISOString(),
      last_sign_in_at: null,
    })
    .execute();
  const session = await createSession(services.database.db, uid);
  return `pp_session=${session.id}`;
}

/** Who an admin API request is sent as: each has its own session cookie (anonymous: none). */
export type Visitor = "admin" | "user" | "anonymous";

export interface ApiReply<Json = Record<string, unknown>> {
  status: number;
  json: Json | null;
  /** The ETag the answer carried (docs/decisions/0151), or null. */
  etag: string | null;
}

export interface ApiCallOptions {
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is, instead of `body` (malformed JSON, empty bodies). */
  raw?: string | Uint8Array<ArrayBuffer>;
  as?: Visitor;
  /** Content type of a body; application/json unless given. */
  contentType?: string;
  /** Sent as If-Match: the ETag the write was made from. */
  ifMatch?: string | null;
  /** Sent as If-None-Match (a create: "*"). */
  ifNoneMatch?: string;
}

export type AdminApiCall<Json = Record<string, unknown>> = (
  method: string,
  path: string,
  options?: ApiCallOptions,
) => Promise<ApiReply<Json>>;

/** Requests to one admin API area as a browser would send them (XSRF cookie and header, the visitor's session), with the JSON reply parsed. */
export function adminApiCaller<Json = Record<string, unknown>>(
  app: { request: (path: string, init?: RequestInit) => Response | Promise<Response> },
  basePath: string,
  sessions: Record<Visitor, string>,
  xsrf: Awaited<ReturnType<typeof xsrfHeaders>>,
): AdminApiCall<Json> {
  const tokens = new Map<Visitor, Promise<Awaited<ReturnType<typeof xsrfHeaders>>>>();
  const xsrfOf = (visitor: Visitor) => {
    if (!sessions[visitor]) return Promise.resolve(xsrf);
    if (!tokens.has(visitor)) tokens.set(visitor, xsrfHeaders(app, sessions[visitor]));
    return tokens.get(visitor)!;
  };
  return async (method, path, options = {}) => {
    const visitor = options.as ?? "admin";
    const token = await xsrfOf(visitor);
    const cookie = [token.cookie, sessions[visitor]].filter(Boolean).join("; ");
    const body = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    const response = await app.request(`${basePath}${path}`, {
      method,
      headers: {
        "x-xsrf-token": token["x-xsrf-token"],
        cookie,
        ...(body === undefined ? {} : { "content-type": options.contentType ?? "application/json" }),
        ...(typeof options.ifMatch === "string" && { "if-match": options.ifMatch }),
        ...(options.ifNoneMatch !== undefined && { "if-none-match": options.ifNoneMatch }),
      },
      body,
    });
    const text = await response.text();
    return {
      status: response.status,
      json: text === "" ? null : (JSON.parse(text) as Json),
      etag: response.headers.get("etag"),
    };
  };
}

type Preconditions = Pick<ApiCallOptions, "ifMatch" | "ifNoneMatch">;

/**
 * The articles admin API (/api/admin/articles, version ETags followed) of a test app, as an admin and, when `reader`
 * is given, as a signed-in reader too; `ok` expects a success and answers its JSON.
 */
export async function articlesAdminApi<Json>(
  testApp: Awaited<ReturnType<typeof startTestApp>>,
  admin: { uid: string; email: string },
  reader?: { email: string },
) {
  const sessions: Record<Visitor, string> = { admin: "", user: "", anonymous: "" };
  const xsrf = await xsrfHeaders(testApp.app);
  sessions.admin = await signedInCookie(testApp.services, { ...admin, isAdmin: true });
  if (reader) sessions.user = await signedInCookie(testApp.services, reader);
  const call = withVersionTags(adminApiCaller<Json>(testApp.app, "/api/admin/articles", sessions, xsrf));
  const ok = async (method: string, path: string, body?: unknown): Promise<Json> => {
    const reply = await call(method, path, body === undefined ? {} : { body });
    expect(reply.status, JSON.stringify(reply.json)).toBeLessThan(300);
    return reply.json!;
  };
  return { call, ok };
}

/**
 * The preconditions of a write made right after reading the resource, as a screen does (decision 0151):
 * If-Match with the ETag `getPath` answers `as` the writer, If-None-Match: * when it does not exist, none
 * when the writer may not read it (the write's own refusal is then what the test sees).
 */
export async function currentPreconditions(
  call: AdminApiCall<unknown>,
  getPath: string,
  as: Visitor = "admin",
): Promise<Preconditions> {
  const reply = await call("GET", getPath, { as });
  if (reply.status === 200 && reply.etag !== null) return { ifMatch: reply.etag };
  return reply.status === 404 ? { ifNoneMatch: "*" } : {};
}

/**
 * A caller whose writes are made from the current state: each write without preconditions of its own
 * sends those `preconditionsOf` finds. For tests about something else than stale copies, which
 * tests/integration/conditional-writes.test.ts covers.
 */
export function writingFromCurrentState<Json>(
  call: AdminApiCall<Json>,
  preconditionsOf: (method: string, path: string, as: Visitor) => Promise<Preconditions | null>,
): AdminApiCall<Json> {
  return async (method, path, options = {}) => {
    if (method === "GET" || options.ifMatch !== undefined || options.ifNoneMatch !== undefined)
      return call(method, path, options);
    return call(method, path, { ...(await preconditionsOf(method, path, options.as ?? "admin")), ...options });
  };
}

/** The admin gate: 401 for an anonymous visitor, 403 for a signed-in non-admin, and nothing stored changes. */
export async function expectAdminGateRefuses(
  call: AdminApiCall<unknown>,
  method: string,
  path: string,
  body: unknown,
  storedState: () => Promise<unknown>,
): Promise<void> {
  const before = await storedState();
  const anonymous = await call(method, path, { body, as: "anonymous" });
  expect(anonymous.status).toBe(401);
  expect(anonymous.json).toMatchObject({ error: { code: "unauthenticated" } });
  const user = await call(method, path, { body, as: "user" });
  expect(user.status).toBe(403);
  expect(user.json).toMatchObject({ error: { code: "forbidden" } });
  expect(await storedState()).toEqual(before);
}

/** The sitemap index and every child it lists, as one text: what a crawler reads. */
export async function fullSitemap(
  app: { request: (path: string, init?: RequestInit) => Response | Promise<Response> },
  publicUrl = "http://localhost:3000",
): Promise<string> {
  const index = await (await app.request("/sitemap.xml")).text();
  const children = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!.replace(publicUrl, ""));
  const texts = await Promise.all(children.map(async (path) => (await app.request(path)).text()));
  return [index, ...texts].join("\n");
}

/** A version's own write: the version itself, or one of its actions (not its preview links, which need no precondition). */
const VERSION_WRITE =
  /^(.*\/versions\/[^/?]+)(?:\/(?:publish|unpublish|discard|up-to-date|schedules\/[^/]+|revisions\/\d+\/restore))?$/;

/**
 * A caller whose writes of a language version name the version's current ETag when the test names none
 * (If-None-Match: * when it does not exist yet): for tests about something else than stale copies
 * (decision 0151), which read the version just before each write as an editor would.
 */
export function withVersionTags<Json>(call: AdminApiCall<Json>): AdminApiCall<Json> {
  return writingFromCurrentState(call, async (_method, path, as) => {
    const version = VERSION_WRITE.exec(path);
    return version ? currentPreconditions(call, version[1]!, as) : null;
  });
}

/**
 * Leaves the versions of the articles whose key is like `keys` to the search catch-up, as a migration that re-indexes
 * does (0033): awaiting, unrendered, their search entries gone. A bulk import indexes as it writes (decision 0226), so
 * this is how the tests give the catch-up work.
 */
export async function awaitingCatchUp(db: Kysely<Database>, keys: string): Promise<void> {
  const ids = db.selectFrom("articles").select("id").where("key", "like", keys);
  await db
    .updateTable("article_versions")
    .set({ awaiting_index: 1, html: null, renderer_version: STALE_RENDER })
    .where("article_id", "in", ids)
    .execute();
  await db.deleteFrom("search_entries").where("article_id", "in", ids).execute();
}

/** A statement the holder runs in its transaction before committing; `?` for each value, on either database. */
export interface HeldStatement {
  sql: string;
  values: (string | number)[];
}

/**
 * Another process's long write, held until `release`: SQLite's write lock (taken once a write under way, such as a
 * search catch-up's batch, ends), or on PostgreSQL every write to article_versions. `release` may run one statement of
 * its own in that transaction before it commits.
 */
export async function holdArticleWrites(
  kind: DatabaseKind,
  databaseUrl: string,
): Promise<{ release(statement?: HeldStatement): Promise<void> }> {
  if (kind === "sqlite") {
    const holder = new DatabaseSync((parseDatabaseUrl(databaseUrl) as { path: string }).path, { timeout: 10_000 });
    holder.exec("begin immediate");
    return {
      async release(statement) {
        if (statement) holder.prepare(statement.sql).run(...statement.values);
        holder.exec("commit");
        holder.close();
      },
    };
  }
  const holder = new pg.Client({ connectionString: databaseUrl });
  await holder.connect();
  await holder.query("begin");
  await holder.query("lock table article_versions in share row exclusive mode");
  return {
    async release(statement) {
      let placeholder = 0;
      if (statement)
        await holder.query(
          statement.sql.replace(/\?/g, () => `$${++placeholder}`),
          statement.values,
        );
      await holder.query("commit");
      await holder.end();
    },
  };
}
