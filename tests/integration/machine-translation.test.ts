/**
 * Machine suggestions (issue 45 item 7, decision 0218) through the admin API, against the local stand-in
 * (tests/fixtures/machine-translation): a French translator's segments suggested with their Markdown kept, each
 * checked; the provider's error and silence refused as 502 and 503 within the deadline, never a 500 or a stall; and,
 * on both databases, a save's count of unedited machine segments recorded with its revision and listed in History.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMachineTranslationStub, type MachineTranslationStub } from "#tests/fixtures/machine-translation/stub.ts";
import {
  adminApiCaller,
  DATABASE_KINDS,
  signedInCookie,
  startTestApp,
  xsrfHeaders,
  type AdminApiCall,
} from "./support.ts";

type TestApp = Awaited<ReturnType<typeof startTestApp>>;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let stub: MachineTranslationStub;
beforeAll(async () => {
  stub = await startMachineTranslationStub();
});
afterAll(() => stub.close());

async function started(kind: (typeof DATABASE_KINDS)[number]) {
  const app = await startTestApp(kind, {
    env: {
      MACHINE_TRANSLATION_PROVIDER: "libretranslate",
      MACHINE_TRANSLATION_URL: stub.url,
      MACHINE_TRANSLATION_TIMEOUT_SECONDS: "1",
    },
  });
  const xsrf = await xsrfHeaders(app.app);
  const translatorSession = await signedInCookie(app.services, {
    email: `mt-fr-${kind}@example.com`,
    role: "translator",
    languages: ["fr-FR"],
  });
  const sessions = { admin: translatorSession, user: "", anonymous: "" };
  const translator = adminApiCaller<Json>(app.app, "/api/admin", sessions, xsrf);
  return { app, translator };
}

describe.each(DATABASE_KINDS)("machine translation on %s", (kind) => {
  let app: TestApp;
  let translator: AdminApiCall<Json>;
  beforeAll(async () => {
    ({ app, translator } = await started(kind));
  });
  afterAll(() => app.close());

  const suggest = (segments: unknown[], to = "fr") =>
    translator("POST", `/machine-translation/${to}`, { body: { from: "en", segments } });

  // The suggestions write nothing: one database is enough for them.
  it.skipIf(kind !== "sqlite")(
    "suggests each segment marked machine, its Markdown kept out of the service's reach, and checked",
    async () => {
      const reply = await suggest([
        { text: "Read [the guide](media:7) with `npm test`.", kind: "paragraph" },
        { text: "## Opening hours 9 to 5", kind: "heading" },
      ]);
      expect(reply.status, JSON.stringify(reply.json)).toBe(200);
      expect(reply.json).toEqual({
        provider: "libretranslate",
        suggestions: [
          { text: "[fr] Read [the guide](media:7) with `npm test`.", origin: "machine", problems: [] },
          // The service's prefix lands before the heading's marker: the checks say the heading is lost.
          {
            text: "[fr] ## Opening hours 9 to 5",
            origin: "machine",
            problems: [expect.objectContaining({ check: "headings" })],
          },
        ],
      });
      expect(stub.requests.at(-1)!.body).toMatchObject({
        q: ["Read [the guide{{0}} with {{1}}.", "{{0}}Opening hours 9 to 5"],
        source: "en",
        target: "fr",
      });
    },
  );

  it.skipIf(kind !== "sqlite")(
    "refuses the provider's error as 502 and its silence as 503 at the deadline, and bounds the request",
    async () => {
      const failed = await suggest([{ text: "stub:500" }]);
      expect(failed.status).toBe(502);
      expect(failed.json!.error.code).toBe("machine_translation_failed");
      const startedAt = performance.now();
      const silent = await suggest([{ text: "stub:slow" }]);
      expect(silent.status).toBe(503);
      expect(silent.json!.error.code).toBe("machine_translation_unavailable");
      expect(performance.now() - startedAt).toBeLessThan(5000);
      const many = await suggest(Array.from({ length: 11 }, () => ({ text: "x" })));
      expect(many.status).toBe(400);
      expect((await suggest([{ text: "x" }], "de")).status).toBe(403);
    },
  );

  it("a save's machine segments are recorded with the revision and listed in History; a later save without them records 0", async () => {
    const article = await app.services.database.db
      .selectFrom("article_versions")
      .select("article_id")
      .where("code", "=", "fr-FR")
      .orderBy("article_id")
      .executeTakeFirstOrThrow();
    const path = `/articles/${article.article_id}/versions/fr-FR`;
    const read = await translator("GET", path);
    expect(read.status).toBe(200);
    const version = read.json!.version;
    const text = { title: version.title, slug: version.slug, summary: version.summary, coverAlt: version.coverAlt };
    const body = `${version.body}\n\n[fr] A machine line.`;
    const saved = await translator("PUT", path, {
      body: { ...text, body, status: "draft", machineSegments: 1 },
      ifMatch: read.etag!,
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    const again = await translator("PUT", path, {
      body: { ...text, body: `${body} Edited.`, status: "draft" },
      ifMatch: saved.etag!,
    });
    expect(again.status, JSON.stringify(again.json)).toBe(200);
    const history = await translator("GET", `${path}/revisions`);
    expect(history.status).toBe(200);
    const revisions = history.json!.revisions as { machineSegments: number }[];
    expect(revisions.slice(0, 2).map((revision) => revision.machineSegments)).toEqual([0, 1]);
  });
});
