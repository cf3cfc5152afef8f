import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASE_KINDS, signedInCookie, startTestApp, xsrfHeaders } from "./support.ts";

const SEED_DIR = new URL("../../server/seed/rome/", import.meta.url);
const FIXTURES_DIR = new URL("../../server/admin/romes/fixtures/", import.meta.url);
const officialXml = () => new Uint8Array(readFileSync(new URL("unix_referentiel_code_rome_v346_utf8.xml", SEED_DIR)));
const officialCsv = () => new Uint8Array(readFileSync(new URL("rome_v346.csv", SEED_DIR)));
const fixture = (name: string) => new Uint8Array(readFileSync(new URL(name, FIXTURES_DIR)));
const utf8 = (text: string) => new TextEncoder().encode(text);
const CHUNK = 64 * 1024;
const DOCTYPE_MESSAGE = "The XML file declares a DOCTYPE; DTDs and entities are not accepted.";

/** The official XML with edits applied to its text. */
function editedXml(edit: (xml: string) => string): Uint8Array<ArrayBuffer> {
  return utf8(edit(new TextDecoder().decode(officialXml())));
}
const renamedA1101 = (xml: string) =>
  xml.replace(
    "<libelle>Conduite d'engins agricoles et forestiers</libelle>",
    "<libelle>Conduite d'engins agricoles</libelle>",
  );
const withNewCode = (xml: string) =>
  xml.replace(
    "</ogr>",
    "<item_referentiel_code_rome><code_ogr>99999</code_ogr><code_rome>N9999</code_rome><libelle>Pilotage de drones</libelle><statut1>1</statut1></item_referentiel_code_rome>\n</ogr>",
  );

describe.each(DATABASE_KINDS)("admin ROME API on %s", (kind) => {
  let testApp: Awaited<ReturnType<typeof startTestApp>>;
  let xsrf: { cookie: string; "x-xsrf-token": string };
  let admin: string;
  let otherAdmin: string;
  let member: string;

  beforeAll(async () => {
    testApp = await startTestApp(kind);
    xsrf = await xsrfHeaders(testApp.app);
    admin = await signedInCookie(testApp.services, {
      uid: "romes-admin",
      email: "romes-admin@example.com",
      isAdmin: true,
    });
    otherAdmin = await signedInCookie(testApp.services, { email: "other-admin@example.com", isAdmin: true });
    member = await signedInCookie(testApp.services, { email: "member@example.com" });
  });
  afterAll(async () => testApp?.close());

  const db = () => testApp.services.database.db;

  // The XSRF token is tied to the session: one per session cookie, fetched as a browser would get it.
  const sessionTokens = new Map<string, Promise<{ cookie: string; "x-xsrf-token": string }>>();
  const tokenFor = (session: string) => {
    if (!sessionTokens.has(session)) sessionTokens.set(session, xsrfHeaders(testApp.app, session));
    return sessionTokens.get(session)!;
  };

  async function send(
    method: string,
    path: string,
    options: { session?: string | null; json?: unknown; body?: BodyInit; contentType?: string } = {},
  ) {
    const session = options.session === undefined ? admin : options.session;
    const token = session ? await tokenFor(session) : xsrf;
    const headers: Record<string, string> = {
      "x-xsrf-token": token["x-xsrf-token"],
      cookie: session ? `${token.cookie}; ${session}` : token.cookie,
    };
    if (path.includes("/labels/") && method !== "GET") {
      // A label written from the label as it is now (decision 0151); stale copies are tested in conditional-writes.test.ts.
      const current = await testApp.app.request(`/api/admin/romes${path}`, { headers });
      if (current.status === 200) headers["if-match"] = current.headers.get("etag")!;
      else headers["if-none-match"] = "*";
    }
    let body = options.body;
    if (options.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(options.json);
    } else if (options.contentType) headers["content-type"] = options.contentType;
    return testApp.app.request(`/api/admin/romes${path}`, { method, headers, body });
  }

  const putChunk = (id: string, index: number, bytes: Uint8Array<ArrayBuffer>, session?: string) =>
    send("PUT", `/imports/${id}/chunks/${index}`, { session, body: bytes, contentType: "application/octet-stream" });

  async function startImport(bytes: Uint8Array<ArrayBuffer>, filename: string, session?: string): Promise<string> {
    const response = await send("POST", "/imports", { session, json: { filename, size: bytes.byteLength } });
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: string }).id;
  }

  async function uploadChunks(id: string, bytes: Uint8Array<ArrayBuffer>): Promise<void> {
    for (let index = 0; index * CHUNK < bytes.byteLength; index += 1) {
      const response = await putChunk(id, index, bytes.slice(index * CHUNK, (index + 1) * CHUNK));
      expect(response.status).toBe(200);
    }
  }

  /** The whole browser flow: create, chunks of 64 KiB, apply. */
  async function importFile(bytes: Uint8Array<ArrayBuffer>, filename: string) {
    const id = await startImport(bytes, filename);
    await uploadChunks(id, bytes);
    const response = await send("POST", `/imports/${id}/apply`);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  /** What an import or edit may change; compared before and after refused requests. */
  async function storedState() {
    const [codes, labels, audit] = await Promise.all([
      db().selectFrom("rome_jobs").selectAll().orderBy("code").execute(),
      db().selectFrom("rome_labels").selectAll().orderBy("rome_code").orderBy("code").execute(),
      db().selectFrom("audit_log").selectAll().orderBy("id").execute(),
    ]);
    return { codes, labels, audit };
  }

  async function lastAudit() {
    return db().selectFrom("audit_log").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
  }

  describe("the admin gate", () => {
    const endpoints: [string, string, { json?: unknown; body?: BodyInit; contentType?: string }][] = [
      ["GET", "/export.csv", {}],
      ["PUT", "/A1101/labels/en-US", { json: { label: "Farm machinery driving" } }],
      ["DELETE", "/A1101/labels/en-US", {}],
      ["POST", "/imports", { json: { filename: "rome.xml", size: 10 } }],
      [
        "PUT",
        "/imports/AAAAAAAAAAAAAAAAAAAAAA/chunks/0",
        { body: utf8("<ogr/>"), contentType: "application/octet-stream" },
      ],
      ["POST", "/imports/AAAAAAAAAAAAAAAAAAAAAA/apply", {}],
    ];

    it.each(endpoints)(
      "%s %s is 401 anonymous and 403 for a non-admin, changing nothing",
      async (method, path, options) => {
        const before = await storedState();
        const anonymous = await send(method, path, { ...options, session: null });
        expect(anonymous.status).toBe(401);
        expect(await anonymous.json()).toMatchObject({ error: { code: "unauthenticated" } });
        const forbidden = await send(method, path, { ...options, session: member });
        expect(forbidden.status).toBe(403);
        expect(await forbidden.json()).toMatchObject({ error: { code: "forbidden" } });
        expect(await storedState()).toEqual(before);
      },
    );
  });

  describe("export", () => {
    it("equals the official CSV byte for byte while nothing changed", async () => {
      const response = await send("GET", "/export.csv");
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(response.headers.get("content-disposition")).toBe('attachment; filename="rome.csv"');
      expect(new Uint8Array(await response.arrayBuffer())).toEqual(officialCsv());
    });
  });

  describe("importing the official files over the seed", () => {
    it("the official XML, in two 64 KiB chunks: 532 unchanged, one audit entry, nothing written", async () => {
      const before = await storedState();
      expect(Math.ceil(officialXml().byteLength / CHUNK)).toBe(2);
      const result = await importFile(officialXml(), "unix_referentiel_code_rome_v346_utf8.xml");
      expect(result).toEqual({
        status: 200,
        body: {
          filename: "unix_referentiel_code_rome_v346_utf8.xml",
          format: "xml",
          added: 0,
          updated: 0,
          unchanged: 532,
          rejected: [],
        },
      });
      const after = await storedState();
      expect(after.codes).toEqual(before.codes);
      expect(after.audit).toHaveLength(before.audit.length + 1);
      const entry = await lastAudit();
      expect(entry).toMatchObject({
        uid: "romes-admin",
        action: "import",
        entity: "codes_romes",
        entity_id: "unix_referentiel_code_rome_v346_utf8.xml",
      });
      expect(JSON.parse(entry.after ?? "null")).toMatchObject({ added: 0, updated: 0, unchanged: 532, rejected: 0 });
    });

    it("the official CSV: 532 unchanged", async () => {
      const result = await importFile(officialCsv(), "rome_v346.csv");
      expect(result.body).toMatchObject({ format: "csv", added: 0, updated: 0, unchanged: 532, rejected: [] });
    });

    it("lists rejected rows with their line, code and reason, and applies the others", async () => {
      const csv = utf8(
        "code_ogr,code_rome,libelle\r\n6,A1101,Conduite d'engins agricoles et forestiers\r\n1,Z9999,Nope\r\n2,A1202,\r\n",
      );
      const result = await importFile(csv, "partial.csv");
      expect(result.body).toMatchObject({
        added: 0,
        updated: 0,
        unchanged: 1,
        rejected: [
          { line: 3, code: "Z9999", reason: 'invalid code "Z9999"' },
          { line: 4, code: "A1202", reason: "empty label" },
        ],
      });
    });
  });

  describe("refusing a file: a clear 4xx and no change", () => {
    async function expectRefused(bytes: Uint8Array<ArrayBuffer>, filename: string, message: string | RegExp) {
      const before = await storedState();
      const result = await importFile(bytes, filename);
      expect(result.status).toBe(422);
      expect(result.body).toEqual({
        error: {
          code: "file_refused",
          message: typeof message === "string" ? message : expect.stringMatching(message),
        },
      });
      expect(await storedState()).toEqual(before);
    }

    it.each([
      ["an XXE file", "xxe.xml", DOCTYPE_MESSAGE],
      ["a billion-laughs entity bomb", "billion-laughs.xml", DOCTYPE_MESSAGE],
      ["an external DTD", "external-dtd.xml", DOCTYPE_MESSAGE],
      ["malformed XML", "malformed.xml", /^Malformed XML at line 10: /],
      ["the wrong root element", "wrong-root.xml", /^The XML file is not a ROME code list/],
    ])("%s", async (_, name, message) => {
      await expectRefused(fixture(name), name, message);
    });

    it("a binary file", async () => {
      const png = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52);
      await expectRefused(png, "rome.xml", "The file is not UTF-8 text (XML or CSV).");
    });

    it("the upload is gone once refused", async () => {
      const bytes = fixture("xxe.xml");
      const id = await startImport(bytes, "xxe.xml");
      await uploadChunks(id, bytes);
      expect((await send("POST", `/imports/${id}/apply`)).status).toBe(422);
      expect((await send("POST", `/imports/${id}/apply`)).status).toBe(404);
    });

    it("a declared size over 5 MiB: 413 before any byte is sent", async () => {
      const before = await storedState();
      const response = await send("POST", "/imports", { json: { filename: "huge.xml", size: 5 * 1024 * 1024 + 1 } });
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({
        error: { code: "file_too_large", message: "The file is larger than 5 MiB.", field: "size" },
      });
      expect(await storedState()).toEqual(before);
    });

    it.each([
      [{ filename: "", size: 10 }, "filename"],
      [{ filename: "rome.xml", size: 0 }, "size"],
      [{ filename: "rome.xml", size: 1.5 }, "size"],
      [{ filename: "rome.xml" }, "size"],
      [{ filename: "a\u0000.xml", size: 10 }, "filename"],
      [{ filename: "x".repeat(256), size: 10 }, "filename"],
    ])("a bad upload request %j: 400 naming %s", async (json, field) => {
      const response = await send("POST", "/imports", { json });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: { code: "invalid_field", field } });
    });

    it("chunks: over 64 KiB, wrong index, wrong size, wrong type, bad index, completed upload", async () => {
      const bytes = officialXml();
      const id = await startImport(bytes, "rome.xml");
      const before = await storedState();
      const tooLarge = await putChunk(id, 0, bytes.slice(0, CHUNK + 1));
      expect(tooLarge.status).toBe(413);
      expect(await tooLarge.json()).toMatchObject({
        error: { code: "chunk_too_large", message: "A chunk may be at most 64 KiB (65536 bytes)." },
      });
      const skipped = await putChunk(id, 1, bytes.slice(CHUNK));
      expect(skipped.status).toBe(409);
      expect(await skipped.json()).toMatchObject({
        error: {
          code: "wrong_chunk",
          message: "Expected chunk 0, got chunk 1: chunks are sent in order, from 0.",
          field: "index",
        },
      });
      const short = await putChunk(id, 0, bytes.slice(0, 1000));
      expect(short.status).toBe(400);
      expect(await short.json()).toMatchObject({
        error: { code: "wrong_chunk_size", message: "Chunk 0 must be 65536 bytes (64 KiB except the last), got 1000." },
      });
      const asJson = await send("PUT", `/imports/${id}/chunks/0`, {
        body: bytes.slice(0, CHUNK),
        contentType: "application/json",
      });
      expect(asJson.status).toBe(415);
      for (const index of ["abc", "-1", "01", "1.0"]) {
        const response = await send("PUT", `/imports/${id}/chunks/${index}`, {
          body: bytes.slice(0, CHUNK),
          contentType: "application/octet-stream",
        });
        expect(response.status).toBe(400);
        expect(await response.json()).toMatchObject({ error: { code: "invalid_field", field: "index" } });
      }
      expect((await send("POST", `/imports/${id}/apply`)).status).toBe(409); // nothing received yet
      expect((await putChunk(id, 0, bytes.slice(0, CHUNK))).status).toBe(200);
      const repeated = await putChunk(id, 0, bytes.slice(0, CHUNK));
      expect(repeated.status).toBe(409);
      const incomplete = await send("POST", `/imports/${id}/apply`);
      expect(incomplete.status).toBe(409);
      expect(await incomplete.json()).toMatchObject({
        error: {
          code: "upload_incomplete",
          message: `The upload is incomplete: ${CHUNK} of ${bytes.byteLength} bytes received.`,
        },
      });
      expect(await (await putChunk(id, 1, bytes.slice(CHUNK))).json()).toEqual({
        received: bytes.byteLength,
        size: bytes.byteLength,
      });
      const extra = await putChunk(id, 2, utf8("x"));
      expect(extra.status).toBe(409);
      expect(await extra.json()).toMatchObject({ error: { code: "upload_complete" } });
      expect(await storedState()).toEqual(before);
    });

    it("apply or chunk of an unknown, expired or other admin's upload: 404", async () => {
      const bytes = officialXml();
      const before = await storedState();
      for (const unknown of ["AAAAAAAAAAAAAAAAAAAAAA", "not-an-id", "x".repeat(300)]) {
        const response = await send("POST", `/imports/${unknown}/apply`);
        expect(response.status).toBe(404);
        expect(await response.json()).toMatchObject({
          error: { code: "import_not_found", message: expect.stringMatching(/expired/) },
        });
        expect((await putChunk(unknown, 0, bytes.slice(0, CHUNK))).status).toBe(404);
      }

      const others = await startImport(bytes, "rome.xml", otherAdmin);
      expect((await putChunk(others, 0, bytes.slice(0, CHUNK))).status).toBe(404);
      expect((await send("POST", `/imports/${others}/apply`)).status).toBe(404);

      const expired = await startImport(bytes, "rome.xml");
      await uploadChunks(expired, bytes);
      await db()
        .withTables<{ rome_imports: { id: string; expires_at: string } }>()
        .updateTable("rome_imports")
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where("id", "=", expired)
        .execute();
      expect((await send("POST", `/imports/${expired}/apply`)).status).toBe(404);
      expect(await storedState()).toEqual(before);
    });

    it("a second apply of the same upload: 404", async () => {
      const bytes = officialCsv();
      const id = await startImport(bytes, "rome.csv");
      await uploadChunks(id, bytes);
      expect((await send("POST", `/imports/${id}/apply`)).status).toBe(200);
      const before = await storedState();
      expect((await send("POST", `/imports/${id}/apply`)).status).toBe(404);
      expect(await storedState()).toEqual(before);
    });

    it("at most 5 uploads in progress per admin: 429", async () => {
      const bytes = utf8("x");
      const open = await db()
        .withTables<{ rome_imports: { uid: string } }>()
        .selectFrom("rome_imports")
        .select("uid")
        .where("uid", "=", "romes-admin")
        .execute();
      for (let count = open.length; count < 5; count += 1) await startImport(bytes, "rome.csv");
      const response = await send("POST", "/imports", { json: { filename: "rome.csv", size: 1 } });
      expect(response.status).toBe(429);
      await db()
        .withTables<{ rome_imports: { uid: string } }>()
        .deleteFrom("rome_imports")
        .where("uid", "=", "romes-admin")
        .execute();
    });
  });

  describe("importing changes", () => {
    it("a changed label: 1 updated, applied, audited and published", async () => {
      const result = await importFile(editedXml(renamedA1101), "rome.xml");
      expect(result.body).toMatchObject({ added: 0, updated: 1, unchanged: 531, rejected: [] });
      const job = await db().selectFrom("rome_jobs").selectAll().where("code", "=", "A1101").executeTakeFirstOrThrow();
      expect(job.label).toBe("Conduite d'engins agricoles");
      const entry = await lastAudit();
      expect(JSON.parse(entry.before ?? "null")).toEqual({
        labels: { A1101: "Conduite d'engins agricoles et forestiers" },
      });
      expect(JSON.parse(entry.after ?? "null")).toMatchObject({ updated: 1, updatedCodes: ["A1101"] });
      expect(testApp.services.content.current().jobsByCode.get("A1101")?.label).toBe("Conduite d'engins agricoles");
    });

    it("a new code: 1 added in its domaine, published", async () => {
      const result = await importFile(
        editedXml((xml) => withNewCode(renamedA1101(xml))),
        "rome.xml",
      );
      expect(result.body).toMatchObject({ added: 1, updated: 0, unchanged: 532, rejected: [] });
      const job = await db().selectFrom("rome_jobs").selectAll().where("code", "=", "N9999").executeTakeFirstOrThrow();
      expect(job).toMatchObject({ ogr: 99999, domain: "N", label: "Pilotage de drones" });
      expect(testApp.services.content.current().jobsByCode.get("N9999")?.label).toBe("Pilotage de drones");
      const exported = new TextDecoder().decode(await (await send("GET", "/export.csv")).arrayBuffer());
      expect(
        exported.endsWith("39022,L1510,Films d'animation et effets spéciaux\r\n99999,N9999,Pilotage de drones\r\n"),
      ).toBe(true);
    });

    it("a new code whose domaine does not exist is rejected, the rest applied", async () => {
      await db().deleteFrom("rome_jobs").where("code", "=", "N9999").execute();
      await db().deleteFrom("rome_jobs").where("domain", "=", "N").execute();
      await db().deleteFrom("rome_domains").where("letter", "=", "N").execute();
      const csv = utf8("code_ogr,code_rome,libelle\r\n1,N4401,Conduite de trains\r\n2,M9999,Nouveau métier\r\n");
      const result = await importFile(csv, "rome.csv");
      expect(result.body).toMatchObject({
        added: 1,
        updated: 0,
        unchanged: 0,
        rejected: [{ line: 2, code: "N4401", reason: "unknown domaine N" }],
      });
    });
  });

  describe("labels per language", () => {
    const put = (path: string, json: unknown) => send("PUT", path, { json });

    it("adds, updates and removes an English label, audited and published", async () => {
      const added = await put("/A1201/labels/en-US", { label: "  Logging   and pruning " });
      expect(added.status).toBe(200);
      expect(await added.json()).toEqual({
        code: "A1201",
        languageCode: "en-US",
        label: "Logging and pruning",
        changed: true,
      });
      expect(await lastAudit()).toMatchObject({
        action: "create",
        entity: "rome_labels",
        entity_id: "A1201/en-US",
        before: null,
        after: '{"label":"Logging and pruning"}',
      });
      expect(testApp.services.content.current().jobsByCode.get("A1201")?.labels.get("en-US")).toBe(
        "Logging and pruning",
      );

      const auditCount = (await storedState()).audit.length;
      expect(await (await put("/A1201/labels/en-US", { label: "Logging and pruning" })).json()).toMatchObject({
        changed: false,
      });
      expect((await storedState()).audit).toHaveLength(auditCount);

      expect((await put("/A1201/labels/en-US", { label: "Tree felling and pruning" })).status).toBe(200);
      expect(await lastAudit()).toMatchObject({
        action: "update",
        before: '{"label":"Logging and pruning"}',
        after: '{"label":"Tree felling and pruning"}',
      });

      const removed = await send("DELETE", "/A1201/labels/en-US");
      expect(removed.status).toBe(204);
      expect(await lastAudit()).toMatchObject({
        action: "delete",
        entity_id: "A1201/en-US",
        before: '{"label":"Tree felling and pruning"}',
        after: null,
      });
      expect(testApp.services.content.current().jobsByCode.get("A1201")?.labels.has("en-US")).toBe(false);
      expect((await send("DELETE", "/A1201/labels/en-US")).status).toBe(404);
    });

    it("stores right-to-left and other scripts as typed", async () => {
      expect((await put("/A1201/labels/ar", { label: "قطع الأشجار وتقليمها" })).status).toBe(200);
      expect((await put("/A1201/labels/ja-JP", { label: "伐採と剪定" })).status).toBe(200);
      const labels = await db()
        .selectFrom("rome_labels")
        .select(["code", "label"])
        .where("rome_code", "=", "A1201")
        .orderBy("code")
        .execute();
      expect(labels).toEqual([
        { code: "ar", label: "قطع الأشجار وتقليمها" },
        { code: "ja-JP", label: "伐採と剪定" },
      ]);
    });

    it("edits the official French label in rome_jobs; it cannot be removed", async () => {
      const response = await put("/A1202/labels/fr-FR", { label: "Entretien des espaces naturels et forestiers" });
      expect(response.status).toBe(200);
      const job = await db()
        .selectFrom("rome_jobs")
        .select("label")
        .where("code", "=", "A1202")
        .executeTakeFirstOrThrow();
      expect(job.label).toBe("Entretien des espaces naturels et forestiers");
      expect(await lastAudit()).toMatchObject({ action: "update", entity: "codes_romes", entity_id: "A1202" });
      const removed = await send("DELETE", "/A1202/labels/fr-FR");
      expect(removed.status).toBe(400);
      expect(await removed.json()).toMatchObject({
        error: { field: "languageCode", message: expect.stringMatching(/official French label cannot be removed/) },
      });
    });

    it.each([
      ["PUT", "/Z1234/labels/en-US", { label: "x" }, 400, "code"],
      ["PUT", "/a1101/labels/en-US", { label: "x" }, 400, "code"],
      ["PUT", "/A11011/labels/en-US", { label: "x" }, 400, "code"],
      ["PUT", "/A9999/labels/en-US", { label: "x" }, 404, "code"],
      ["PUT", "/A1101/labels/xx-XX", { label: "x" }, 400, "languageCode"],
      ["PUT", `/A1101/labels/${"x".repeat(36)}`, { label: "x" }, 400, "languageCode"],
      ["PUT", "/A1101/labels/en-US", { label: "" }, 400, "label"],
      ["PUT", "/A1101/labels/en-US", { label: "   " }, 400, "label"],
      ["PUT", "/A1101/labels/en-US", { label: "x".repeat(201) }, 400, "label"],
      ["PUT", "/A1101/labels/en-US", { label: "bad\u0007bell" }, 400, "label"],
      ["PUT", "/A1101/labels/en-US", { label: 42 }, 400, "label"],
      ["PUT", "/A1101/labels/en-US", {}, 400, "label"],
      ["DELETE", "/Z1234/labels/en-US", undefined, 400, "code"],
      ["DELETE", "/A1101/labels/xx-XX", undefined, 400, "languageCode"],
    ])("%s %s %j: %d naming %s, nothing changed", async (method, path, json, status, field) => {
      const before = await storedState();
      const response = await send(method, path, { json });
      expect(response.status).toBe(status);
      expect(await response.json()).toMatchObject({ error: { field } });
      expect(await storedState()).toEqual(before);
    });

    it("accepts a label of exactly 200 characters and refuses a body that is not JSON", async () => {
      expect((await put("/A1101/labels/de-DE", { label: "é".repeat(200) })).status).toBe(200);
      const notJson = await send("PUT", "/A1101/labels/de-DE", {
        body: "label=x",
        contentType: "application/x-www-form-urlencoded",
      });
      expect(notJson.status).toBe(415);
    });
  });

  describe("exporting cells a spreadsheet would run as formulas", () => {
    it("neutralises them with a leading quote, and the export re-imports to the same labels", async () => {
      const formula = "@SUM(1+1)";
      const result = await importFile(utf8(`code_rome,libelle\r\nA1101,${formula}\r\n`), "rome.csv");
      expect(result.body).toMatchObject({ updated: 1, rejected: [] });
      const exported = await (await send("GET", "/export.csv")).arrayBuffer();
      const text = new TextDecoder().decode(exported);
      expect(text).toContain(`\r\n6,A1101,'${formula}\r\n`);
      expect(text.split("\r\n").every((line) => line.split(",").every((cell) => !/^[=+\-@\t\r]/.test(cell)))).toBe(
        true,
      );
      const reimported = await importFile(new Uint8Array(exported), "rome.csv");
      expect(reimported.body).toMatchObject({ added: 0, updated: 0, rejected: [] });
      const job = await db().selectFrom("rome_jobs").selectAll().where("code", "=", "A1101").executeTakeFirstOrThrow();
      expect(job.label).toBe(formula);
    });
  });
});
