/**
 * One endpoint, one declaration (decision 0175): method, path, who may call it, its body limit, its request
 * schemas (path parameters, query, JSON body) and its answers, beside its handler. From the declarations come
 * - the access gate (server/auth/access.ts: the declaration's `access`, checked before any handler),
 * - the body limits (./body-limits.ts: the declaration's `bodyLimit`, else the default),
 * - request validation (parameters, query and body are validated here, in that order, and handed to the
 *   handler typed: a 400 naming the field, as readJson, readQuery and validateInput answer),
 * - the OpenAPI document (apiRoute, server/http/openapi.ts: the same schemas, the permission, the limit).
 * Admin routers are lists of declarations (server/admin/<feature>/routes.ts); lint refuses a Hono router
 * there, and the gate refuses a route under /api/admin without a declaration.
 */
import type { Access } from "#core/auth/endpoint-access.ts";
import type { ErrorCode } from "#core/error-codes.ts";
import type { Context, Hono } from "hono";
import { matchedRoutes } from "hono/route";
import type { z } from "zod";
import type { Config } from "#server/base/config.ts";
import { apiRoute, type ApiRouteDoc } from "./openapi.ts";
import { readJson } from "./body.ts";
import type { HttpEnv } from "./env.ts";
import { readQuery } from "./query.ts";
import { validateInput } from "./validate.ts";

/** The mount point of the admin API; declarations' paths are under it. */
export const ADMIN_API_PREFIX = "/api/admin";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** A body cap other than the default (decision 0022): bytes or the setting that gives them, and how a larger body is refused. */
export interface BodyLimit {
  maxBytes: number | ((config: Pick<Config, "media">) => number);
  code?: ErrorCode;
  message?: string | ((maxBytes: number) => string);
  /** The field the error names; "body" unless given. */
  field?: string;
  /** A body without a declared length is counted as the route reads it, not read by the limit first. */
  streamed?: true;
}

type ParamSchemas = Record<string, z.ZodType>;
type Output<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What the handler receives, validated: the path parameters, the query and the JSON body its declaration names. */
export interface EndpointInput<P extends ParamSchemas, Q, B> {
  params: { [K in keyof P]: z.output<P[K]> };
  query: Output<Q>;
  body: Output<B>;
}

export interface EndpointSpec<
  P extends ParamSchemas,
  Q extends z.ZodType | undefined,
  B extends z.ZodType | undefined,
  D,
> extends Omit<ApiRouteDoc, "params" | "query" | "body" | "access" | "maxBodyBytes"> {
  method: Method;
  /** Hono's syntax, under /api/admin: "/languages/:id". */
  path: string;
  /** Who may call it: `need(permission, language source)` (core/auth/endpoint-access.ts). */
  access: Access;
  /** The body's cap, when it is not the default 64 KiB (./body-limits.ts). */
  bodyLimit?: BodyLimit;
  /** Path parameters, validated in this order; a 400 names the parameter. */
  params?: P;
  /** The query string (a zod object), or what makes it per request (a schema whose defaults depend on the time). */
  query?: Q | (() => Q);
  /** The JSON body, read and validated before the handler runs. */
  body?: B;
  /** Top-level body fields carrying a whole file's text, left to the service to check (validateInput). */
  fileFields?: readonly string[];
  /** A JSON body documented here but read by the handler itself (off the event loop: readJsonOffThread). */
  bodyReadInHandler?: z.ZodType;
  /** `deps`: what the API that mounts it hands every handler (the admin API: the services and the image queue). */
  handle: (c: Context<HttpEnv>, input: EndpointInput<P, Q, B>, deps: D) => Response | Promise<Response>;
}

/** What the gate, the body limits and the tests read of a declared endpoint. */
export interface EndpointDeclaration {
  readonly method: Method;
  readonly path: string;
  readonly access: Access;
  readonly bodyLimit: BodyLimit | undefined;
}

/** A declared endpoint, and how it is added to a Hono app with what its handler works with. */
export interface Endpoint<D> extends EndpointDeclaration {
  readonly register: (app: Hono<HttpEnv>, deps: D) => void;
}

/** Each registered handler's declaration: how a request's matched route finds its endpoint. */
const DECLARATIONS = new WeakMap<object, EndpointDeclaration>();
/** Hono keeps a sub-application's handler under this key when it wraps it (hono-base.ts). */
const COMPOSED_HANDLER = "__COMPOSED_HANDLER";

/**
 * The `endpoint({...})` of an API whose handlers receive `D`: `export const endpoint = declareEndpoints<AdminDeps>()`
 * (server/admin/endpoint.ts), so each declaration's handler is typed without naming it.
 */
export function declareEndpoints<D>() {
  return <
    P extends ParamSchemas = Record<never, never>,
    Q extends z.ZodType | undefined = undefined,
    B extends z.ZodType | undefined = undefined,
  >(
    spec: EndpointSpec<P, Q, B, D>,
  ): Endpoint<D> => endpoint(spec);
}

function endpoint<P extends ParamSchemas, Q extends z.ZodType | undefined, B extends z.ZodType | undefined, D>(
  spec: EndpointSpec<P, Q, B, D>,
): Endpoint<D> {
  const { method, path, access, bodyLimit, params, query, body, fileFields, bodyReadInHandler, handle, ...doc } = spec;
  const querySchema = (): z.ZodType | undefined => (typeof query === "function" ? query() : query);
  const declared: Endpoint<D> = {
    method,
    path,
    access,
    bodyLimit,
    register: (app, deps) => {
      const handler = async (c: Context<HttpEnv>) => {
        const values: Record<string, unknown> = {};
        for (const [name, schema] of Object.entries(params ?? {}))
          values[name] = validateInput(schema, c.req.param(name), name);
        const schema = querySchema();
        const input = {
          params: values,
          query: schema === undefined ? undefined : readQuery(c, schema),
          body: body === undefined ? undefined : await readJson(c, body, fileFields),
        } as EndpointInput<P, Q, B>;
        return handle(c, input, deps);
      };
      DECLARATIONS.set(handler, declared);
      const maxBodyBytes = typeof bodyLimit?.maxBytes === "number" ? bodyLimit.maxBytes : undefined;
      app.on(
        method,
        path,
        apiRoute({ ...doc, params, query: querySchema(), body: body ?? bodyReadInHandler, access, maxBodyBytes }),
        handler,
      );
    },
  };
  return declared;
}

/** Registers declared endpoints on a Hono app, in order (the first matching route answers). */
export function mountEndpoints<D>(app: Hono<HttpEnv>, endpoints: readonly Endpoint<D>[], deps: D): void {
  for (const declared of endpoints) declared.register(app, deps);
}

/** The declaration of a route's handler, or undefined for a route declared another way. */
export function declarationOf(handler: unknown): EndpointDeclaration | undefined {
  if (typeof handler !== "function") return undefined;
  const own = DECLARATIONS.get(handler);
  if (own) return own;
  const composed = (handler as unknown as Record<string, unknown>)[COMPOSED_HANDLER];
  return typeof composed === "function" ? DECLARATIONS.get(composed) : undefined;
}

/** The declared endpoint this request will reach, with its full route path; null when none is declared for it. */
export function declaredEndpoint(c: Context): { endpoint: EndpointDeclaration; path: string } | null {
  for (const route of matchedRoutes(c)) {
    const declared = declarationOf(route.handler);
    if (declared) return { endpoint: declared, path: route.path };
  }
  return null;
}
