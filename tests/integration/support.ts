/**
 * Integration-test support: a fresh database of each kind per call (SQLite in a
 * temp file, PostgreSQL in a new database on the local server), migrated and
 * seeded, with the real services and HTTP app on top.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { loadConfig, testDatabaseUrl, type Config } from "../../server/config.ts";
import { createHttpApp, type HttpAppOptions } from "../../server/http/app.ts";
import { createLogger } from "../../server/log.ts";
import { createServices } from "../../server/services.ts";

export const DATABASE_KINDS = ["sqlite", "postgres"] as const;
export type DatabaseKind = (typeof DATABASE_KINDS)[number];

async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = testDatabaseUrl();
  const name = `pp_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === "postgres") return createPostgresDatabase();
  const dir = mkdtempSync(join(tmpdir(), "pp-test-"));
  return { url: `sqlite:${join(dir, "site.db")}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

export function testConfig(databaseUrl: string, env: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: "test", DATABASE_URL: databaseUrl, LOG_LEVEL: "silent", PUBLIC_URL: "http://localhost:3000", ...env });
}

/** Real services and HTTP app (API only, no React Router build) on a fresh, seeded database. */
export async function startTestApp(kind: DatabaseKind, options: { env?: Record<string, string>; http?: HttpAppOptions } = {}) {
  const database = await createTestDatabase(kind);
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

/** Cookie jar + XSRF for requests against app.request(): what a browser would send. */
export async function xsrfHeaders(app: { request: (path: string, init?: RequestInit) => Response | Promise<Response> }) {
  const response = await app.request("/healthz");
  const token = /XSRF-TOKEN=([^;]+)/.exec(response.headers.get("set-cookie") ?? "")?.[1];
  if (!token) throw new Error("the server set no XSRF-TOKEN cookie");
  return { cookie: `XSRF-TOKEN=${token}`, "x-xsrf-token": token };
}

/** A user and a live session for it, as a Cookie header value: how tests act as a visitor, a user or an admin. */
export async function signedInCookie(
  services: { database: { db: import("kysely").Kysely<import("../../server/db/schema.ts").Database> } },
  user: { uid?: string; email: string; displayName?: string; isAdmin?: boolean },
): Promise<string> {
  const { createSession } = await import("../../server/auth/sessions.ts");
  const uid = user.uid ?? `test-${randomBytes(4).toString("hex")}`;
  await services.database.db
    .insertInto("users")
    .values({
      uid,
      email: user.email,
      display_name: user.displayName ?? user.email,
      photo_url: null,
      email_verified: 1,
      is_admin: user.isAdmin ? 1 : 0,
      created_at: new Date().toISOString(),
      last_sign_in_at: null,
    })
    .execute();
  const session = await createSession(services.database.db, uid);
  return `pp_session=${session.id}`;
}
