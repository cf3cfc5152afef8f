/**
 * The glossary (issue 45 item 3, decision 0217) on both databases: editors and admins write approved terms, a
 * translator of the target language proposes terms an editor then approves (stale copies refused), and CSV comes
 * out with formula cells guarded and goes in whole or not at all (a dry run writes nothing, a bad file neither).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

describe.each(DATABASE_KINDS)("the glossary on %s", (kind) => {
  let app: TestApp;
  let editor: AdminApiCall<Json>;
  let translator: AdminApiCall<Json>;
  const terms = async (query = "from=en&to=fr") => (await editor("GET", `/glossary?${query}`)).json!.terms as Json[];

  beforeAll(async () => {
    app = await startTestApp(kind);
    const xsrf = await xsrfHeaders(app.app);
    const editorSession = await signedInCookie(app.services, { email: "glossary-editor@example.com", role: "editor" });
    const translatorSession = await signedInCookie(app.services, {
      email: "glossary-fr@example.com",
      role: "translator",
      languages: ["fr-FR"],
    });
    editor = adminApiCaller<Json>(app.app, "/api/admin", { admin: editorSession, user: "", anonymous: "" }, xsrf);
    translator = adminApiCaller<Json>(
      app.app,
      "/api/admin",
      { admin: translatorSession, user: "", anonymous: "" },
      xsrf,
    );
  });
  afterAll(() => app.close());

  it("takes an editor's term as approved, and refuses the same term twice", async () => {
    const term = {
      from: "en",
      to: "fr",
      term: "newsletter",
      translation: "lettre d'information",
      forbidden: ["infolettre"],
    };
    const added = await editor("POST", "/glossary", { body: term });
    expect(added.status, JSON.stringify(added.json)).toBe(201);
    expect(added.json!.term).toMatchObject({
      from: "en-US",
      to: "fr-FR",
      status: "approved",
      forbidden: ["infolettre"],
    });
    expect((await editor("POST", "/glossary", { body: term })).status).toBe(409);
  });

  it("takes a translator's term as proposed until an editor approves it, refusing a stale approval", async () => {
    const proposed = await translator("POST", "/glossary", {
      body: { from: "en", to: "fr-FR", term: "museum", translation: "musée", note: "Not « muséum »." },
    });
    expect(proposed.status).toBe(201);
    expect(proposed.json!.term.status).toBe("proposed");
    const id = proposed.json!.term.id as number;
    expect((await translator("PATCH", `/glossary/${id}`, { body: { status: "approved" } })).status).toBe(403);
    expect(
      (await translator("POST", "/glossary", { body: { from: "en", to: "de", term: "museum", translation: "Museum" } }))
        .status,
    ).toBe(403);

    const listed = (await terms()).find((term) => term.id === id)!;
    expect((await editor("PATCH", `/glossary/${id}`, { body: { status: "approved" } })).status).toBe(428);
    const approved = await editor("PATCH", `/glossary/${id}`, { body: { status: "approved" }, ifMatch: listed.etag });
    expect(approved.status).toBe(200);
    expect(approved.json!.term.status).toBe("approved");
    // The list's ETag was of the term before the approval.
    expect((await editor("DELETE", `/glossary/${id}`, { ifMatch: listed.etag })).status).toBe(412);
    expect((await terms("from=en&to=fr&status=proposed")).map((term) => term.id as number)).not.toContain(id);
  });

  it("exports the approved terms as CSV, a formula cell guarded, and imports it back unchanged", async () => {
    await editor("POST", "/glossary", { body: { from: "en", to: "fr", term: "=SUM(A1)", translation: "+formule" } });
    const exported = await app.app.request("/api/admin/glossary/export?from=en&to=fr", {
      headers: { cookie: (await editorCookie()).cookie },
    });
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-type")).toMatch(/^text\/csv/);
    const csv = await exported.text();
    expect(csv.split("\r\n")[0]).toBe("term,translation,forbidden,note");
    expect(csv).toContain(`"'=SUM(A1)","'+formule"`);
    const report = await editor("POST", "/glossary/import", { body: { from: "en", to: "fr", content: csv } });
    expect(report.json).toMatchObject({ dryRun: false, added: 0, changed: 0 });
    expect(report.json!.unchanged).toBeGreaterThanOrEqual(3);
  });

  it("previews an import without writing, then applies it", async () => {
    const content =
      'term,translation,forbidden,note\n"bridge","pont","passerelle | viaduc",""\nnewsletter,bulletin,,\n';
    const before = await terms();
    const dry = await editor("POST", "/glossary/import", { body: { from: "en", to: "fr", content, dryRun: true } });
    expect(dry.json).toMatchObject({ dryRun: true, added: 1, changed: 1 });
    expect(await terms()).toEqual(before);
    expect((await editor("POST", "/glossary/import", { body: { from: "en", to: "fr", content } })).json).toMatchObject({
      added: 1,
      changed: 1,
    });
    expect((await terms()).find((term) => term.term === "bridge")).toMatchObject({
      translation: "pont",
      forbidden: ["passerelle", "viaduc"],
    });
  });

  it("refuses a bad CSV file whole, naming the problem, writing nothing", async () => {
    const before = await terms();
    const files = [
      "word,translation\nx,y\n",
      "term,translation,forbidden,note\nx,y\n",
      'term,translation,forbidden,note\n"unclosed,y,,\n',
      `term,translation,forbidden,note\n${"x".repeat(201)},y,,\n`,
      "term,translation,forbidden,note\nriver,fleuve,,\nRiver,rivière,,\n",
      "term,translation,forbidden,note\nbell\u0007,cloche,,\n",
      `term,translation,forbidden,note\n${"a,b,,\n".repeat(20_001)}`,
    ];
    for (const content of files) {
      const reply = await editor("POST", "/glossary/import", { body: { from: "en", to: "fr", content } });
      expect(reply.status, content.slice(0, 60)).toBe(400);
      expect(reply.json!.error.message).toBeTruthy();
    }
    expect(await terms()).toEqual(before);
  });

  async function editorCookie() {
    const session = await signedInCookie(app.services, {
      email: `glossary-${Math.random()}@example.com`,
      role: "editor",
    });
    return { cookie: session };
  }
});
