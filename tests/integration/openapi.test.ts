/**
 * GET /api/openapi.json on the built site: an OpenAPI 3.1 document naming every registered JSON API route, built from
 * the zod schemas the routes validate with and answer by. It passes Redocly's recommended lint (redocly.yaml), and
 * every documented GET, called on the real site with real ids, answers what the document says: its status, media
 * type, ETag header and a body valid against the documented schema; so do the writes and refusals met on the way
 * (issue 42 item 6, decision 0158).
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { Hono } from "hono";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VERSION_BODY_LIMIT_BYTES } from "#core/admin/articles/schema.ts";
import type { AppServices } from "#server/content/context.ts";
import { ADMIN_ENDPOINTS } from "#server/web/admin-api.ts";
import { ADMIN_API_PREFIX } from "#server/http/endpoint.ts";
import type { HttpEnv } from "#server/http/env.ts";
import { createLogger } from "#server/base/log.ts";
import { createServices } from "#server/services.ts";
import {
  createTestDatabase,
  DATABASE_KINDS,
  signedInCookie,
  testConfig,
  xsrfHeaders,
  type TestDatabase,
} from "./support.ts";

const { createSite } = (await import(new URL("../../build/server/index.js", import.meta.url).href)) as {
  createSite: (services: AppServices) => { app: Hono<HttpEnv> };
};

type Schema = Record<string, unknown>;
interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: Schema & { enum?: unknown[] };
}
interface DocumentedResponse {
  description: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema: Schema }>;
}
interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, DocumentedResponse>;
  security?: Record<string, string[]>[];
}
interface Document {
  openapi: string;
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown> };
}

/** A realistic PUBLIC_URL: Redocly rightly warns about a document whose server is localhost or example.com. */
const PUBLIC_URL = "https://press.example";

/** Hono's `/api/admin/articles/:id` (or `:file{regex}`) as OpenAPI's `/api/admin/articles/{id}`. */
const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?\??/g, "{$1}");
const isApiRoute = (path: string) => /^\/(api|init)\//.test(path) || path === "/healthz" || path === "/readyz";
/** A media type without its parameters ("text/csv; charset=utf-8" → "text/csv"). */
const essence = (contentType: string | null) => (contentType ?? "").split(";")[0]!.trim().toLowerCase();

/** Every concrete request a documented GET stands for: path parameters from `values`, or each value of an enum; required query parameters likewise. */
function requestsFor(
  path: string,
  operation: Operation,
  values: (path: string, name: string) => string | undefined,
): string[] {
  const choices = (parameter: Parameter): string[] => {
    const given = values(path, parameter.name);
    if (given !== undefined) return [given];
    if (parameter.schema?.enum) return parameter.schema.enum.map(String);
    throw new Error(
      `GET ${path}: no example value for the ${parameter.in} parameter "${parameter.name}"; add one to the contract test's values.`,
    );
  };
  let requests = [{ path, query: new URLSearchParams() }];
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in === "header" || (parameter.in === "query" && !parameter.required)) continue;
    requests = requests.flatMap((request) =>
      choices(parameter).map((value) => {
        if (parameter.in === "path")
          return { ...request, path: request.path.replace(`{${parameter.name}}`, encodeURIComponent(value)) };
        const query = new URLSearchParams(request.query);
        query.set(parameter.name, value);
        return { ...request, query };
      }),
    );
  }
  return requests.map((request) => (request.query.size > 0 ? `${request.path}?${request.query}` : request.path));
}

describe.each(DATABASE_KINDS)("OpenAPI document on %s", { timeout: 60_000 }, (kind) => {
  let database: TestDatabase;
  let services: AppServices & { close(): Promise<void> };
  let app: Hono<HttpEnv>;
  let document: Document;
  let adminCookie: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind, { seeded: true });
    services = await createServices(testConfig(database.url, { PUBLIC_URL }), createLogger("silent"));
    app = createSite(services).app;
    adminCookie = await signedInCookie(services, {
      uid: `openapi-admin-${kind}`,
      email: "openapi-admin@example.com",
      isAdmin: true,
    });
    const response = await app.request("/api/openapi.json");
    expect(response.status).toBe(200);
    document = (await response.json()) as Document;
  }, 60_000);
  afterAll(async () => {
    await services?.close();
    await database?.drop();
  });

  const operations = () =>
    Object.entries(document.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod).map(([method, operation]) => ({ path, method, operation })),
    );

  it("is OpenAPI 3.1 for this site (PUBLIC_URL) with the session, XSRF and content API key security schemes", () => {
    expect(document.openapi).toBe("3.1.0");
    expect(document.servers).toEqual([expect.objectContaining({ url: PUBLIC_URL })]);
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual(["contentKey", "session", "xsrf"]);
  });

  it("describes every registered API route (method and path), with a summary and a tag", () => {
    const registered = app.routes.filter((route) => route.method !== "ALL" && isApiRoute(route.path));
    expect(registered.length).toBeGreaterThan(20);
    const missing = registered
      .filter((route) => !document.paths[openApiPath(route.path)]?.[route.method.toLowerCase()])
      .map((route) => `${route.method} ${route.path}`);
    expect(missing).toEqual([]);
    for (const { path, method, operation } of operations()) {
      expect(operation.summary, `${method} ${path}`).toBeTruthy();
      expect(operation.tags?.length, `${method} ${path}`).toBe(1);
    }
  });

  it("documents no route that does not exist", () => {
    const registered = new Set(
      app.routes
        .filter((route) => route.method !== "ALL")
        .map((route) => `${route.method.toLowerCase()} ${openApiPath(route.path)}`),
    );
    for (const { path, method } of operations()) expect(registered).toContain(`${method} ${path}`);
  });

  it("takes request bodies and parameters from the zod schemas the routes validate with", () => {
    const event = document.paths["/api/analytics/events"]!.post!;
    const eventSchema = event.requestBody!.content["application/json"]!.schema as {
      properties: Record<string, { pattern?: string; maxLength?: number }>;
      required: string[];
    };
    expect(eventSchema.required).toEqual(["name"]);
    expect(eventSchema.properties.name!.pattern).toContain("page_view");
    expect(eventSchema.properties.path!.maxLength).toBe(2048);
    expect(Object.keys(event.responses)).toEqual(expect.arrayContaining(["201", "400", "403", "413", "415"]));

    const initFile = document.paths["/init/file/{name}"]!.get!;
    expect(initFile.parameters).toEqual([
      expect.objectContaining({
        in: "path",
        name: "name",
        schema: expect.objectContaining({ enum: ["blogs", "translates", "languages"] }),
      }),
      expect.objectContaining({
        in: "query",
        name: "after",
        required: false,
        schema: expect.objectContaining({ type: "integer", minimum: 0, maximum: 2_147_483_647 }),
      }),
      expect.objectContaining({
        in: "query",
        name: "limit",
        required: false,
        schema: expect.objectContaining({ type: "integer", minimum: 1, maximum: 100 }),
      }),
    ]);
  });

  it("names who may call: public reads nothing, the content API a key, every other method the XSRF header, the admin API a session besides", () => {
    for (const { path, method, operation } of operations()) {
      const admin = path.startsWith("/api/admin/");
      const write = method !== "get";
      if (path.startsWith("/api/content/")) {
        expect(operation.security, `${method} ${path}`).toEqual([{ contentKey: [] }]);
        expect(Object.keys(operation.responses), `${method} ${path}`).toEqual(
          expect.arrayContaining(["401", "403", "429"]),
        );
        continue;
      }
      const expected = admin ? [{ session: [], ...(write ? { xsrf: [] } : {}) }] : write ? [{ xsrf: [] }] : [];
      expect(operation.security, `${method} ${path}`).toEqual(expected);
      if (admin)
        expect(Object.keys(operation.responses), `${method} ${path}`).toEqual(expect.arrayContaining(["401", "403"]));
      if (write) expect(Object.keys(operation.responses), `${method} ${path}`).toContain("403");
    }
  });

  it("says, for each admin endpoint, the permission and the body limit its declaration names (decision 0175)", () => {
    expect(ADMIN_ENDPOINTS.length).toBeGreaterThan(50);
    for (const declared of ADMIN_ENDPOINTS) {
      const operation =
        document.paths[openApiPath(`${ADMIN_API_PREFIX}${declared.path}`)]?.[declared.method.toLowerCase()];
      expect(operation?.description, `${declared.method} ${declared.path}`).toContain(
        `Who may call: the \`${declared.access.permission}\` permission`,
      );
    }
    const save = document.paths["/api/admin/articles/{id}/versions/{code}"]!.put!;
    expect(save.description).toContain("Who may call: the `translate` permission in the language of `code`");
    expect(save.responses["413"]!.description).toContain(`(${VERSION_BODY_LIMIT_BYTES} bytes)`);
  });

  it("names a schema for every answer with a body, and the one error shape for every refusal (4xx)", () => {
    for (const { path, method, operation } of operations()) {
      for (const [status, response] of Object.entries(operation.responses)) {
        const where = `${method} ${path} ${status}`;
        if (status === "204" || status === "304") {
          expect(response.content, where).toBeUndefined();
          continue;
        }
        expect(Object.keys(response.content ?? {}).length, where).toBeGreaterThan(0);
        for (const media of Object.values(response.content ?? {}))
          expect(media.schema, where).not.toEqual({ type: "object" });
        if (status.startsWith("4"))
          expect(response.content!["application/json"]!.schema, where).toMatchObject({
            type: "object",
            required: expect.arrayContaining(["error"]),
          });
      }
    }
    expect(
      Object.keys(document.paths["/api/admin/translations/export"]!.get!.responses["200"]!.content!).sort(),
    ).toEqual(["application/xliff+xml", "text/x-gettext-translation"]);
    expect(Object.keys(document.paths["/api/admin/romes/export.csv"]!.get!.responses["200"]!.content!)).toEqual([
      "text/csv",
    ]);
  });

  it("passes Redocly's recommended lint (redocly.yaml) with no error; the one warning is the license the project has not chosen", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pp-openapi-"));
    try {
      const file = join(dir, "openapi.json");
      writeFileSync(file, JSON.stringify(document, null, 1));
      // No telemetry and no update check: the lint runs offline, as CI's other validators do.
      const env = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" };
      const run = promisify(execFile);
      const { stdout } = await run(
        "node_modules/.bin/redocly",
        ["lint", file, "--config", "redocly.yaml", "--format", "json"],
        { env, maxBuffer: 64 * 1024 * 1024 },
      ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? "" }));
      const report = JSON.parse(stdout) as {
        totals: { errors: number; warnings: number };
        problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
      };
      const problems = report.problems.map(
        (problem) => `${problem.severity} ${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`,
      );
      expect(problems).toEqual(["warn info-license at #/info: Info object should contain `license` field."]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 1 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  describe("every documented GET answers what the document says", () => {
    const ajv = new Ajv2020({ allErrors: true, strict: true });
    addFormats(ajv);
    const validators = new Map<Schema, ValidateFunction>();
    const validatorOf = (schema: Schema) =>
      validators.get(schema) ?? validators.set(schema, ajv.compile(schema)).get(schema)!;

    /** Real ids of the seeded site, and of what beforeAll adds (an image, a job label, a second revision). */
    let values: (path: string, name: string) => string | undefined;
    /** A content API key's Authorization header, made in beforeAll (decision 0200). */
    let contentKey: Record<string, string> = {};

    /** A request as the admin's browser sends it (session, XSRF cookie and header). */
    const send = async (
      method: string,
      path: string,
      init: { body?: BodyInit; headers?: Record<string, string> } = {},
    ) => {
      const token = await xsrfHeaders(app, adminCookie);
      return app.request(path, {
        method,
        body: init.body,
        headers: { cookie: `${token.cookie}; ${adminCookie}`, "x-xsrf-token": token["x-xsrf-token"], ...init.headers },
      });
    };
    const admin = async (
      method: string,
      path: string,
      init: { body?: BodyInit; headers?: Record<string, string> } = {},
    ) => {
      const response = await send(method, path, init);
      expect(
        response.status,
        `${method} ${path}: ${response.status < 300 ? "" : await response.clone().text()}`,
      ).toBeLessThan(300);
      return response;
    };
    /** Answers to check against the document besides the GETs': the set-up's writes and some refusals. */
    const met: { method: string; template: string; target: string; response: globalThis.Response }[] = [];
    const meet = (method: string, template: string, target: string, response: globalThis.Response) => {
      met.push({ method, template, target, response: response.clone() });
      return response;
    };

    /** The answer is one the document names for the operation: its status, media type, ETag (where documented) and a body valid against the schema. */
    async function expectDocumented(
      method: string,
      template: string,
      target: string,
      response: globalThis.Response,
    ): Promise<void> {
      const where = `${method.toUpperCase()} ${target}`;
      const documented = document.paths[template]?.[method]?.responses[String(response.status)];
      expect(documented, `${where}: answered ${response.status}, which the document does not name`).toBeDefined();
      const type = essence(response.headers.get("content-type"));
      expect(Object.keys(documented!.content!), `${where}: answered ${type}`).toContain(type);
      if (documented!.headers?.ETag)
        expect(response.headers.get("etag"), `${where}: the documented ETag`).toMatch(/^"[^"]+"$/);
      const validate = validatorOf(documented!.content![type]!.schema);
      const body: unknown = type === "application/json" ? await response.json() : await response.text();
      expect(validate(body) ? [] : validate.errors, where).toEqual([]);
    }

    const json = async <T>(path: string) => (await (await admin("GET", path)).json()) as T;

    beforeAll(async () => {
      const { languages } = await json<{ languages: { id: number; code: string; favorite: boolean }[] }>(
        "/api/admin/languages",
      );
      const favorite = languages.find((language) => language.favorite)!;
      const { articles } = await json<{
        articles: { id: number; sourceLanguage: string; versions: { code: string }[] }[];
      }>("/api/admin/articles");
      const article = articles.find((candidate) => candidate.versions.length > 1)!;
      const translation = article.versions.find((version) => version.code !== article.sourceLanguage)!.code;
      const versionPath = `/api/admin/articles/${article.id}/versions/${translation}`;
      // A second revision, so that two can be compared.
      const read = await admin("GET", versionPath);
      const { version } = (await read.json()) as {
        version: { title: string; slug: string; summary: string; body: string; coverAlt: string; status: string };
      };
      const edit = {
        slug: version.slug,
        title: `${version.title} (revised)`,
        summary: version.summary,
        body: version.body,
        coverAlt: version.coverAlt,
        status: version.status,
      };
      const versionTemplate = "/api/admin/articles/{id}/versions/{code}";
      const jsonType = { "content-type": "application/json" };
      meet(
        "put",
        versionTemplate,
        versionPath,
        await send("PUT", versionPath, { body: JSON.stringify(edit), headers: jsonType }),
      );
      meet(
        "put",
        versionTemplate,
        versionPath,
        await admin("PUT", versionPath, {
          body: JSON.stringify(edit),
          headers: { ...jsonType, "if-match": read.headers.get("etag")! },
        }),
      );
      meet(
        "put",
        versionTemplate,
        versionPath,
        await send("PUT", versionPath, {
          body: JSON.stringify(edit),
          headers: { ...jsonType, "if-match": read.headers.get("etag")! },
        }),
      );
      const { revisions } = await json<{ revisions: { id: number }[] }>(`${versionPath}/revisions`);
      const { keys } = await json<{ keys: { key: string; labels: Record<string, unknown> }[] }>(
        "/api/admin/translations",
      );
      const key = keys.find((row) => row.labels[favorite.code])!.key;
      const labelPath = `/api/admin/romes/A1101/labels/${favorite.code}`;
      const label = JSON.stringify({ label: "Conduite d'engins agricoles" });
      meet(
        "put",
        "/api/admin/romes/{code}/labels/{languageCode}",
        labelPath,
        await admin("PUT", labelPath, { body: label, headers: { ...jsonType, "if-none-match": "*" } }),
      );
      const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#3a6" } })
        .png()
        .toBuffer();
      const uploaded = await admin("POST", "/api/admin/media?name=contract.png", {
        body: new Uint8Array(png),
        headers: { "content-type": "application/octet-stream" },
      });
      const upload = (await meet("post", "/api/admin/media", "/api/admin/media", uploaded).json()) as {
        item: { id: number };
      };
      meet(
        "get",
        "/api/admin/languages/{id}",
        "/api/admin/languages/2147483647",
        await send("GET", "/api/admin/languages/2147483647"),
      );
      meet("get", "/api/admin/languages/{id}", "/api/admin/languages/x", await send("GET", "/api/admin/languages/x"));
      meet("get", "/api/admin/languages", "/api/admin/languages", await app.request("/api/admin/languages"));
      // A webhook endpoint on a documentation address (TEST-NET-3): public, and never reached by these tests.
      const endpoint = JSON.stringify({ url: "https://203.0.113.10/hooks", events: ["media.uploaded"] });
      const created = meet(
        "post",
        "/api/admin/webhooks",
        "/api/admin/webhooks",
        await admin("POST", "/api/admin/webhooks", { body: endpoint, headers: jsonType }),
      );
      const { webhook } = (await created.clone().json()) as { webhook: { id: number } };
      const glossaryTerm = { from: favorite.code, to: translation, term: "contract", translation: "contrat" };
      const glossary = await admin("POST", "/api/admin/glossary", {
        body: JSON.stringify(glossaryTerm),
        headers: jsonType,
      });
      const { term } = (await glossary.json()) as { term: { id: number } };

      const byResource: Record<string, Record<string, string>> = {
        languages: { id: String(favorite.id) },
        translations: { key, code: favorite.code, lang: favorite.code },
        articles: {
          id: String(article.id),
          code: translation,
          revisionId: String(revisions[0]!.id),
          from: String(revisions.at(-1)!.id),
          to: String(revisions[0]!.id),
        },
        users: { uid: `openapi-admin-${kind}` },
        romes: { code: "A1101", languageCode: favorite.code },
        media: { id: String(upload.item.id) },
        webhooks: { id: String(webhook.id) },
        glossary: { id: String(term.id), from: favorite.code, to: translation },
        memory: { from: favorite.code, to: translation, text: "contract" },
      };
      const keyCreated = await admin("POST", "/api/admin/api-keys", {
        body: JSON.stringify({ name: "Contract test" }),
        headers: jsonType,
      });
      contentKey = { authorization: `Bearer ${((await keyCreated.json()) as { token: string }).token}` };
      const listed = (await (
        await app.request(`/api/content/v1/${favorite.code}/articles?limit=1`, { headers: contentKey })
      ).json()) as { data: { id: number; slug: string }[] };
      const content = { lang: favorite.code, id: String(listed.data[0]!.id), slug: listed.data[0]!.slug };
      values = (path, name) =>
        path.startsWith("/api/content/")
          ? content[name as keyof typeof content]
          : byResource[/^\/api\/admin\/([^/]+)/.exec(path)?.[1] ?? ""]?.[name];
    }, 60_000);

    it("enumerated from the document, on real data: status, media type, ETag and a body valid against the documented schema", async () => {
      const gets = operations().filter(({ method }) => method === "get");
      expect(gets.length).toBeGreaterThan(20);
      const checked: string[] = [];
      for (const { path, operation } of gets) {
        for (const target of requestsFor(path, operation, values)) {
          const response = path.startsWith("/api/admin/")
            ? await admin("GET", target)
            : await app.request(target, { headers: path.startsWith("/api/content/") ? contentKey : {} });
          expect(response.status, `GET ${target}`).toBe(200);
          await expectDocumented("get", path, target, response);
          checked.push(target);
        }
      }
      // Each start-up file, and both formats of the translations export, are checked.
      expect(checked).toEqual(
        expect.arrayContaining(["/init/file/blogs", "/init/file/translates", "/init/file/languages"]),
      );
      expect(checked.filter((target) => target.startsWith("/api/admin/translations/export")).length).toBe(2);
    });

    it("so do the writes made on the way (a save refused without If-Match, and with a stale one), and refusals of reads", async () => {
      expect(met.map(({ method, response }) => `${method} ${response.status}`)).toEqual([
        "put 428",
        "put 200",
        "put 412",
        "put 200",
        "post 201",
        "get 404",
        "get 400",
        "get 401",
        "post 201",
      ]);
      for (const { method, template, target, response } of met)
        await expectDocumented(method, template, target, response);
    });
  });
});
