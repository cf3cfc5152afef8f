import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { need } from "#core/auth/endpoint-access.ts";
import type { Role } from "#core/auth/roles.ts";
import type { SignedInUser } from "#core/shell.ts";
import type { AppServices } from "#server/content/context.ts";
import { declareEndpoints, mountEndpoints } from "#server/http/endpoint.ts";
import type { HttpEnv } from "#server/http/env.ts";
import { refusalResponse, AppError } from "#server/http/errors.ts";
import { adminAccess } from "./access.ts";

const endpoint = declareEndpoints<null>();

const person = (role: Role): SignedInUser => ({
  uid: role,
  role,
  languages: [],
  canPublish: false,
  displayName: null,
  email: null,
  photoURL: null,
});

/** The gate over one declared endpoint and one route added without a declaration. No per-language rule here: no database is asked. */
function gatedApp(role: Role) {
  const services = {} as AppServices;
  const app = new Hono<HttpEnv>();
  app.onError((error) =>
    error instanceof AppError ? refusalResponse(error) : new Response("unexpected", { status: 500 }),
  );
  app.use("*", async (c, next) => {
    c.set("user", person(role));
    await next();
  });
  app.use("/api/admin/*", adminAccess(services));
  const admin = new Hono<HttpEnv>();
  mountEndpoints(
    admin,
    [
      endpoint({
        method: "GET",
        path: "/declared",
        access: need("users.manage"),
        tag: "Users",
        summary: "A declared endpoint",
        success: { status: 204, description: "Reached." },
        handle: (c) => c.body(null, 204),
      }),
    ],
    null,
  );
  admin.get("/undeclared", (c) => c.body(null, 204));
  app.route("/api/admin", admin);
  return app;
}

describe("the admin gate (deny by default, from the declarations)", () => {
  it("lets through whom the declaration's access names, and refuses the others with a reason", async () => {
    expect((await gatedApp("admin").request("/api/admin/declared")).status).toBe(204);
    const refused = await gatedApp("editor").request("/api/admin/declared");
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      error: { code: "forbidden", message: "Your role does not allow this (manage users)." },
    });
  });

  it("refuses a route under /api/admin that has no declaration, even to an administrator", async () => {
    const response = await gatedApp("admin").request("/api/admin/undeclared");
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      error: {
        code: "forbidden",
        message: "No declaration (server/http/endpoint.ts) is made for GET /undeclared; refused until one is.",
      },
    });
  });

  it("leaves an unknown address to the 404", async () => {
    expect((await gatedApp("admin").request("/api/admin/nothing-here")).status).toBe(404);
  });
});
