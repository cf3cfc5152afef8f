/** GET /api/openapi.json: an OpenAPI 3.1 document naming every registered JSON API route, built from the routes' zod schemas. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASE_KINDS, startTestApp } from "./support.ts";

type TestApp = Awaited<ReturnType<typeof startTestApp>>;

interface Operation {
  summary?: string;
  tags?: string[];
  parameters?: { in: string; name: string; schema?: Record<string, unknown> }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, unknown>;
  security?: unknown[];
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown> };
}

/** Hono's `/api/admin/articles/:id` (or `:file{regex}`) as OpenAPI's `/api/admin/articles/{id}`. */
const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?\??/g, "{$1}");
const isApiRoute = (path: string) => /^\/(api|init)\//.test(path) || path === "/healthz" || path === "/readyz";

describe.each(DATABASE_KINDS)("OpenAPI document on %s", (kind) => {
  let testApp: TestApp;
  let document: Document;

  beforeAll(async () => {
    testApp = await startTestApp(kind);
    const response = await testApp.app.request("/api/openapi.json");
    expect(response.status).toBe(200);
    document = (await response.json()) as Document;
  });
  afterAll(() => testApp.close());

  it("is OpenAPI 3.1 with the session and XSRF security schemes", () => {
    expect(document.openapi).toBe("3.1.0");
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual(["session", "xsrf"]);
  });

  it("describes every registered API route (method and path), with a summary and a tag", () => {
    const registered = testApp.app.routes.filter((route) => route.method !== "ALL" && isApiRoute(route.path));
    expect(registered.length).toBeGreaterThan(20);
    const missing = registered
      .filter((route) => !document.paths[openApiPath(route.path)]?.[route.method.toLowerCase()])
      .map((route) => `${route.method} ${route.path}`);
    expect(missing).toEqual([]);
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        expect(operation.summary, `${method} ${path}`).toBeTruthy();
        expect(operation.tags?.length, `${method} ${path}`).toBe(1);
      }
    }
  });

  it("documents no route that does not exist", () => {
    const registered = new Set(testApp.app.routes.filter((route) => route.method !== "ALL").map((route) => `${route.method.toLowerCase()} ${openApiPath(route.path)}`));
    for (const [path, operations] of Object.entries(document.paths)) for (const method of Object.keys(operations)) expect(registered).toContain(`${method} ${path}`);
  });

  it("takes request bodies and parameters from the zod schemas the routes validate with", () => {
    const event = document.paths["/api/analytics/events"]!.post!;
    const eventSchema = event.requestBody!.content["application/json"]!.schema as { properties: Record<string, { pattern?: string; maxLength?: number }>; required: string[] };
    expect(eventSchema.required).toEqual(["name"]);
    expect(eventSchema.properties.name!.pattern).toContain("page_view");
    expect(eventSchema.properties.path!.maxLength).toBe(2048);
    expect(Object.keys(event.responses)).toEqual(expect.arrayContaining(["201", "400", "413", "415"]));

    const initFile = document.paths["/init/file/{name}"]!.get!;
    // The path parameter, then the paging query of blogs (after, limit).
    expect(initFile.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ in: "path", name: "name", schema: expect.objectContaining({ enum: ["blogs", "translates", "languages"] }) })]),
    );
    expect(initFile.security).toBeUndefined();
  });

  it("marks admin routes as needing a session and the XSRF header, with 401 and 403 answers", () => {
    const adminOperations = Object.entries(document.paths).filter(([path]) => path.startsWith("/api/admin/"));
    expect(adminOperations.length).toBeGreaterThan(15);
    for (const [path, operations] of adminOperations) {
      for (const [method, operation] of Object.entries(operations)) {
        expect(operation.security, `${method} ${path}`).toEqual([{ session: [], xsrf: [] }]);
        expect(Object.keys(operation.responses), `${method} ${path}`).toEqual(expect.arrayContaining(["401", "403"]));
      }
    }
  });
});
