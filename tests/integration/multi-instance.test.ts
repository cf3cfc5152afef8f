/**
 * Several instances on one PostgreSQL database (docs/product.md §11, ARCHITECTURE.md
 * "Data flow and caching"): a content change made through one instance shows on
 * the others within a second, through LISTEN/NOTIFY, and an instance whose
 * LISTEN connection drops reconnects and keeps receiving changes.
 */
import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpApp } from "#server/web/app.ts";
import { createLogger } from "#server/base/log.ts";
import { createServices } from "#server/services.ts";
import { CONTENT_CHANNEL } from "#server/content/store.ts";
import { createTestDatabase, signedInCookie, testConfig, xsrfHeaders, type TestDatabase } from "./support.ts";

type Services = Awaited<ReturnType<typeof createServices>>;
type Instance = { services: Services; app: ReturnType<typeof createHttpApp> };

const PROPAGATION_LIMIT_MS = 1_000;
const POLL_MS = 50;

async function startInstance(databaseUrl: string): Promise<Instance> {
  const services = await createServices(testConfig(databaseUrl), createLogger("silent"));
  return { services, app: createHttpApp(services) };
}

/** Polls until `check` is true; returns the time it took, or throws after `limitMs`. */
async function measureUntil(check: () => boolean | Promise<boolean>, limitMs: number): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await check()) return performance.now() - started;
    if (performance.now() - started > limitMs) throw new Error(`not seen within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** A UI string changed through the instance's admin API (one transaction with its audit entry, then `content.changed()`). */
async function changeTranslation(instance: Instance, key: string, code: string, label: string) {
  const session = await signedInCookie(instance.services, {
    email: `editor-${randomUUID()}@example.com`,
    isAdmin: true,
  });
  const xsrf = await xsrfHeaders(instance.app, session);
  const path = `/api/admin/translations/${encodeURIComponent(key)}/${encodeURIComponent(code)}`;
  // Saved from the text as it is now, as the screen does (decision 0151).
  const current = await instance.app.request(path, { headers: { cookie: session } });
  const response = await instance.app.request(path, {
    method: "PUT",
    headers: {
      ...xsrf,
      cookie: `${xsrf.cookie}; ${session}`,
      "content-type": "application/json",
      ...(current.ok ? { "if-match": current.headers.get("etag")! } : { "if-none-match": "*" }),
    },
    body: JSON.stringify({ label }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

function translationIn(instance: Instance, key: string, code: string): string | undefined {
  return instance.services.content.current().translations.get(code)?.get(key);
}

async function servedTranslation(instance: Instance, key: string, code: string): Promise<string | undefined> {
  const response = await instance.app.request("/init/file/translates");
  const file = (await response.json()) as { data: { documents: { id: string; data: { label: string } }[] } };
  return file.data.documents.find((document) => document.id === `${code}:${key}`)?.data.label;
}

/** Backend ids of the connections currently listening on the content channel. */
async function listeningBackends(client: pg.Client): Promise<number[]> {
  const result = await client.query<{ pid: number }>(
    "select pid from pg_stat_activity where datname = current_database() and query = $1 order by pid",
    [`LISTEN ${CONTENT_CHANNEL}`],
  );
  return result.rows.map((row) => row.pid);
}

describe("several instances on one PostgreSQL database", () => {
  let database: TestDatabase;
  let instanceA: Instance;
  let instanceB: Instance;
  let observer: pg.Client;
  let listenersOfA: number[];
  let listenerOfB: number;

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    observer = new pg.Client({ connectionString: database.url });
    instanceA = await startInstance(database.url);
    await observer.connect();
    listenersOfA = await listeningBackends(observer);
    instanceB = await startInstance(database.url);
    const [newListener] = (await listeningBackends(observer)).filter((pid) => !listenersOfA.includes(pid));
    if (newListener === undefined) throw new Error("instance B is not listening on the content channel");
    listenerOfB = newListener;
  });

  afterAll(async () => {
    await instanceA?.services.close();
    await instanceB?.services.close();
    await observer?.end();
    await database?.drop();
  });

  it("shows a change made through instance A on instance B within a second", async () => {
    const key = "FOOTER:ABOUT";
    const before = translationIn(instanceB, key, "fr-FR");
    expect(before).toBeTruthy();
    const versionBefore = instanceB.services.content.current().version;

    const label = `Édité sur l'instance A ${Date.now()}`;
    await changeTranslation(instanceA, key, "fr-FR", label);
    expect(translationIn(instanceA, key, "fr-FR")).toBe(label);

    const delay = await measureUntil(
      async () => translationIn(instanceB, key, "fr-FR") === label,
      PROPAGATION_LIMIT_MS,
    );
    console.info(`instance B saw the change made on instance A after ${delay.toFixed(0)} ms`);
    expect(instanceB.services.content.current().version).toBeGreaterThan(versionBefore);
    expect(await servedTranslation(instanceB, key, "fr-FR")).toBe(label);
    // The change was audited, in the database both instances share.
    const audited = await observer.query("select 1 from audit_log where entity = 'translation' and after like $1", [
      `%${label}%`,
    ]);
    expect(audited.rowCount).toBe(1);
  });

  it("does not reload the sender twice for its own notification", async () => {
    const versionOfA = instanceA.services.content.current().version;
    await changeTranslation(instanceA, "FOOTER:ABOUT", "de-DE", `Bearbeitet ${Date.now()}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(instanceA.services.content.current().version).toBe(versionOfA + 1);
  });

  it("reconnects when B's LISTEN connection drops, and still receives later changes", async () => {
    const terminatedAt = performance.now();
    const terminated = await observer.query<{ done: boolean }>("select pg_terminate_backend($1) as done", [
      listenerOfB,
    ]);
    expect(terminated.rows[0]?.done).toBe(true);

    // A change announced while B is not listening (it waits before reconnecting): B reloads once after reconnecting, so it is not lost.
    const missedLabel = `Pendant la coupure ${Date.now()}`;
    await observer.query(
      "update translations set label = $1 where code_component = 'FOOTER:ABOUT' and code = 'fr-FR'",
      [missedLabel],
    );
    await observer.query("select pg_notify($1, 'another-instance')", [CONTENT_CHANNEL]);

    await measureUntil(async () => {
      const listeners = await listeningBackends(observer);
      return listeners.some((pid) => pid !== listenerOfB && !listenersOfA.includes(pid));
    }, 5_000);
    console.info(
      `instance B listened again ${(performance.now() - terminatedAt).toFixed(0)} ms after its connection was terminated`,
    );
    await measureUntil(() => translationIn(instanceB, "FOOTER:ABOUT", "fr-FR") === missedLabel, PROPAGATION_LIMIT_MS);

    // A change after the reconnection arrives by notification, within the same second.
    const laterLabel = `Après la reconnexion ${Date.now()}`;
    await changeTranslation(instanceA, "FOOTER:ABOUT", "fr-FR", laterLabel);
    const delay = await measureUntil(
      () => translationIn(instanceB, "FOOTER:ABOUT", "fr-FR") === laterLabel,
      PROPAGATION_LIMIT_MS,
    );
    console.info(`after reconnecting, instance B saw a change after ${delay.toFixed(0)} ms`);
    expect(await servedTranslation(instanceB, "FOOTER:ABOUT", "fr-FR")).toBe(laterLabel);
    // B still serves its own reads and writes.
    expect((await instanceB.app.request("/healthz")).status).toBe(200);
  });
});
