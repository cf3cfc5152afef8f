/**
 * Webhooks (issue 46 item 2, decision 0196) on both databases: endpoints registered through the admin API,
 * events enqueued in the transaction of the change they tell, deliveries signed and sent to a receiver these
 * tests start, retried after a failure, redelivered on request; endpoints on private addresses refused unless
 * the setting allows them. On PostgreSQL, two instances sending at once deliver each event exactly once.
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "#server/base/log.ts";
import { createServices } from "#server/services.ts";
import { deliverDue } from "#server/webhooks/deliveries.ts";
import { verifySignature } from "#server/webhooks/signature.ts";
import {
  adminApiCaller,
  createTestDatabase,
  DATABASE_KINDS,
  signedInCookie,
  startTestApp,
  testConfig,
  withVersionTags,
  xsrfHeaders,
  type AdminApiCall,
} from "./support.ts";

type TestApp = Awaited<ReturnType<typeof startTestApp>>;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** An HTTP receiver answering the statuses given in turn (the last one repeating), recording what it got. */
async function startReceiver(statuses: number[] = [200]) {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      received.push({ headers: request.headers, body });
      response
        .writeHead(statuses[Math.min(received.length - 1, statuses.length - 1)]!, { "content-type": "text/plain" })
        .end(`answer ${received.length}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const ALLOW_PRIVATE = { WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: "true", WEBHOOK_RETRY_BASE_SECONDS: "1" };

async function adminCaller(app: TestApp): Promise<AdminApiCall<Json>> {
  const admin = await signedInCookie(app.services, { email: `webhooks-${Math.random()}@example.com`, isAdmin: true });
  return adminApiCaller<Json>(app.app, "/api/admin", { admin, user: "", anonymous: "" }, await xsrfHeaders(app.app));
}

describe.each(DATABASE_KINDS)("webhooks on %s", (kind) => {
  let app: TestApp;
  let call: AdminApiCall<Json>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const later = (seconds: number) => new Date(Date.now() + seconds * 1000);

  beforeAll(async () => {
    app = await startTestApp(kind, { env: ALLOW_PRIVATE });
    call = await adminCaller(app);
  });
  afterAll(() => app?.close());
  afterEach(() => receiver?.close());

  async function register(events: string[], statuses?: number[]) {
    receiver = await startReceiver(statuses);
    const created = await call("POST", "/webhooks", {
      body: { url: receiver.url, description: "Partner site", events },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    return { id: created.json!.webhook.id as number, secret: created.json!.secret as string, etag: created.etag! };
  }

  /** The first published English version of the seed, read as the editor holds it. */
  async function englishArticle() {
    const list = await call("GET", "/articles");
    const articles = list.json!.articles as {
      id: number;
      sourceLanguage: string;
      versions: { code: string; translation: string }[];
    }[];
    const article = articles.find(
      (candidate) =>
        candidate.sourceLanguage === "en-US" &&
        candidate.versions.some((version) => version.code === "fr-FR" && version.translation === "current"),
    )!;
    const version = (await call("GET", `/articles/${article.id}/versions/en-US`)).json!.version as Json;
    return { id: article.id, version };
  }

  it("registers an endpoint, showing its secret once, and signs each delivery of the events it takes", async () => {
    const { id, secret } = await register(["version.updated", "translation.outdated", "cache.purge"]);
    expect(secret).toMatch(/^whsec_[\w-]{40,}$/);
    const listed = await call("GET", "/webhooks");
    expect(JSON.stringify(listed.json)).not.toContain(secret);

    const { id: articleId, version } = await englishArticle();
    const saved = await withVersionTags(call)("PUT", `/articles/${articleId}/versions/en-US`, {
      body: {
        slug: version.slug,
        title: `${version.title} (revised)`,
        summary: version.summary,
        body: `${version.body}\n\nA new paragraph.`,
        coverAlt: version.coverAlt,
        status: "published",
      },
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(await deliverDue(app.services)).toBeGreaterThanOrEqual(2);
    while ((await deliverDue(app.services)) > 0);

    const events = receiver.received.map((delivery) => JSON.parse(delivery.body) as Json);
    // The source changed: every translation that followed it is outdated now, each told once.
    expect(events.filter((event) => event.event === "version.updated")).toHaveLength(1);
    const outdated = events
      .filter((event) => event.event === "translation.outdated")
      .map((event) => event.data.language as string);
    expect(outdated).toContain("fr-FR");
    expect(new Set(outdated).size).toBe(outdated.length);
    // One purge for the change, from the instance that made it: the keys of the pages that show the article.
    const purges = events.filter((event) => event.event === "cache.purge");
    expect(purges).toHaveLength(1);
    expect(purges[0]!.data.keys).toEqual(expect.arrayContaining([`article:${articleId}`, "list:en-US", "list:fr-FR"]));
    expect(events.find((event) => event.event === "version.updated")!.data).toMatchObject({
      article: articleId,
      language: "en-US",
      title: `${version.title} (revised)`,
    });
    expect(
      events.find((event) => event.event === "translation.outdated" && event.data.language === "fr-FR")!.data,
    ).toMatchObject({
      article: articleId,
      language: "fr-FR",
      sourceLanguage: "en-US",
    });
    for (const delivery of receiver.received) {
      expect(delivery.headers["webhook-event"]).toBe(JSON.parse(delivery.body).event);
      expect(delivery.headers["webhook-id"]).toBe(JSON.parse(delivery.body).id);
      expect(
        verifySignature(
          secret,
          delivery.body,
          String(delivery.headers["webhook-signature"]),
          Math.floor(Date.now() / 1000),
        ),
      ).toBe(true);
      expect(
        verifySignature(
          "whsec_another",
          delivery.body,
          String(delivery.headers["webhook-signature"]),
          Math.floor(Date.now() / 1000),
        ),
      ).toBe(false);
    }
    const log = await call("GET", `/webhooks/${id}/deliveries`);
    expect(log.json!.deliveries).toHaveLength(receiver.received.length);
    expect(log.json!.deliveries[0]).toMatchObject({
      status: "succeeded",
      attempts: 1,
      responseStatus: 200,
      responseExcerpt: expect.stringMatching(/^answer \d$/),
    });
    await call("DELETE", `/webhooks/${id}`, { ifMatch: (await call("GET", `/webhooks/${id}`)).etag });
  });

  it("retries a delivery the receiver failed, and sends one again on request", async () => {
    const { id, etag } = await register(["strings.changed"], [500, 200]);
    const path = "/translations/NAV:HOME/fr-FR";
    const cell = await call("GET", path);
    expect((await call("PUT", path, { body: { label: "Accueil du site" }, ifMatch: cell.etag })).status).toBe(200);

    expect(await deliverDue(app.services)).toBe(1);
    let [delivery] = (await call("GET", `/webhooks/${id}/deliveries`)).json!.deliveries as Json[];
    expect(delivery).toMatchObject({ status: "pending", attempts: 1, responseStatus: 500 });
    expect(new Date(delivery!.nextAttemptAt).getTime()).toBeGreaterThan(Date.now());
    // Not yet due: nothing is sent again before its time.
    expect(await deliverDue(app.services)).toBe(0);
    expect(await deliverDue(app.services, later(5))).toBe(1);
    [delivery] = (await call("GET", `/webhooks/${id}/deliveries`)).json!.deliveries as Json[];
    expect(delivery).toMatchObject({ status: "succeeded", attempts: 2, responseStatus: 200 });
    expect(receiver.received.map((got) => got.headers["webhook-id"])).toEqual([delivery!.eventId, delivery!.eventId]);
    expect(JSON.parse(receiver.received[0]!.body).data).toEqual({ language: "fr-FR", keys: ["NAV:HOME"] });

    const again = await call("POST", `/webhooks/${id}/deliveries/${delivery!.id}/redeliver`);
    expect(again.status).toBe(201);
    expect(await deliverDue(app.services)).toBe(1);
    expect(receiver.received).toHaveLength(3);
    expect(receiver.received[2]!.headers["webhook-id"]).toBe(delivery!.eventId);

    // Settings change only from the copy they were read from (decision 0151).
    expect((await call("PATCH", `/webhooks/${id}`, { body: { enabled: false } })).status).toBe(428);
    const disabled = await call("PATCH", `/webhooks/${id}`, { body: { enabled: false }, ifMatch: etag });
    expect(disabled.status).toBe(200);
    expect((await call("PATCH", `/webhooks/${id}`, { body: { enabled: true }, ifMatch: etag })).status).toBe(412);
    await call("DELETE", `/webhooks/${id}`, { ifMatch: disabled.etag });
  });

  it("tells no one of a save that leaves a text as it was: no strings event, no purge", async () => {
    const { id } = await register(["strings.changed", "cache.purge"]);
    const path = "/translations/NAV:JOBS/fr-FR";
    const cell = await call("GET", path);
    const unchanged = await call("PUT", path, { body: { label: cell.json!.cell.label }, ifMatch: cell.etag });
    expect(unchanged.status).toBe(200);
    expect(await deliverDue(app.services)).toBe(0);

    const changed = await call("PUT", path, { body: { label: "Les métiers" }, ifMatch: unchanged.etag });
    expect(changed.status).toBe(200);
    expect(await deliverDue(app.services)).toBe(2);
    expect(receiver.received.map((got) => got.headers["webhook-event"]).sort()).toEqual([
      "cache.purge",
      "strings.changed",
    ]);
    await call("DELETE", `/webhooks/${id}`, { ifMatch: (await call("GET", `/webhooks/${id}`)).etag });
  });

  it("refuses bad endpoints with the field named", async () => {
    for (const [body, field] of [
      [{ url: "ftp://example.com/x", events: ["media.uploaded"] }, "url"],
      [{ url: "https://user:pw@example.com/x", events: ["media.uploaded"] }, "url"],
      [{ url: "https://example.com/x", events: [] }, "events"],
      [{ url: "https://example.com/x", events: ["no.such"] }, "events"],
    ] as const) {
      const refused = await call("POST", "/webhooks", { body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(refused.json)).toContain(field);
    }
  });
});

describe("webhook endpoints on the site's own network", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp("sqlite");
  });
  afterAll(() => app?.close());

  it("are refused unless WEBHOOKS_ALLOW_PRIVATE_ADDRESSES allows them", async () => {
    const call = await adminCaller(app);
    for (const url of [
      "http://127.0.0.1:9/x",
      "http://localhost/x",
      "http://[::1]/x",
      "http://169.254.169.254/latest/meta-data",
      "http://10.1.2.3/x",
      "http://[::ffff:192.168.1.1]/x",
    ]) {
      const refused = await call("POST", "/webhooks", { body: { url, events: ["media.uploaded"] } });
      expect(refused.status, url).toBe(400);
      expect(refused.json!.error).toMatchObject({ code: "invalid_field", field: "url" });
    }
    expect((await call("GET", "/webhooks")).json!.webhooks).toEqual([]);
  });
});

describe("two instances on one PostgreSQL database", () => {
  it("send each event once", async () => {
    const database = await createTestDatabase("postgres");
    const first = await createServices(testConfig(database.url, ALLOW_PRIVATE), createLogger("silent"));
    const second = await createServices(testConfig(database.url, ALLOW_PRIVATE), createLogger("silent"));
    const receiver = await startReceiver();
    try {
      const { db } = first.database;
      const now = new Date().toISOString();
      const webhook = await db
        .insertInto("webhooks")
        .values({
          url: receiver.url,
          description: "",
          events: '["strings.changed"]',
          secret: "whsec_test",
          enabled: 1,
          created_by: null,
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const { enqueueWebhookEvent } = await import("#server/webhooks/outbox.ts");
      for (let index = 0; index < 25; index += 1)
        await enqueueWebhookEvent(db, "strings.changed", { language: "fr-FR", keys: [`KEY:${index}`] });
      while ((await Promise.all([deliverDue(first), deliverDue(second)])).some((sent) => sent > 0));
      const ids = receiver.received.map((delivery) => delivery.headers["webhook-id"]);
      expect(ids).toHaveLength(25);
      expect(new Set(ids).size).toBe(25);
      const states = await db
        .selectFrom("webhook_deliveries")
        .select("status")
        .where("webhook_id", "=", webhook.id)
        .execute();
      expect(states.every((row) => row.status === "succeeded")).toBe(true);
    } finally {
      await receiver.close();
      await first.close();
      await second.close();
      await database.drop();
    }
  });
});
