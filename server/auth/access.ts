/**
 * Who may call which admin endpoint (decision 0072), in one declarative place:
 * every route under /api/admin has one line here — its permission and, for a
 * per-language permission, where the request names the language. The gate
 * (adminAccess) finds the route Hono matched and checks its line before any
 * handler runs; a route without a line is refused (deny by default), and the
 * authorization-matrix test fails for it.
 *
 * A new endpoint is one more line in ADMIN_API_ACCESS, e.g.
 *   "POST /articles/:id/versions/:code/publish": need("publish", { param: "code" }),
 */
import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import { isStaff, may, PERMISSIONS, type Permission } from "#core/auth/roles.ts";
import type { SignedInUser } from "#core/shell.ts";
import type { AppServices } from "#server/context.ts";
import type { HttpEnv } from "#server/http/env.ts";
import { errorResponse, HttpError } from "#server/http/errors.ts";

/** Where a request names the language a per-language permission is checked for. */
export type LanguageSource =
  | { param: string }
  | { query: string }
  /** The language is inside the body (an uploaded file): the handler calls authorize() once it has read it. */
  | "in handler";

export interface Access {
  permission: Permission;
  language?: LanguageSource;
}

const need = (permission: Permission, language?: LanguageSource): Access => (language === undefined ? { permission } : { permission, language });

/** The mount point of the admin API; the keys below are "METHOD path-under-it", exactly as the routers declare them. */
export const ADMIN_API_PREFIX = "/api/admin";

export const ADMIN_API_ACCESS: Record<string, Access> = {
  "GET /languages": need("admin.enter"),
  "POST /languages": need("languages.manage"),
  "GET /languages/:id": need("admin.enter"),
  "PATCH /languages/:id": need("languages.manage"),
  "POST /languages/:id/favorite": need("languages.manage"),
  "GET /languages/:id/content": need("languages.manage"),
  "DELETE /languages/:id": need("languages.manage"),

  "GET /translations": need("admin.enter"),
  "GET /translations/export": need("translate", { query: "lang" }),
  "POST /translations/import": need("translate", "in handler"),
  "POST /translations": need("content.manage"),
  "GET /translations/:key/:code": need("translate", { param: "code" }),
  "PUT /translations/:key/:code": need("translate", { param: "code" }),
  "DELETE /translations/:key/:code": need("translate", { param: "code" }),

  "GET /articles": need("admin.enter"),
  "POST /articles": need("content.manage"),
  "GET /articles/:id": need("admin.enter"),
  "PATCH /articles/:id": need("content.manage"),
  "DELETE /articles/:id": need("content.manage"),
  "GET /articles/:id/versions/:code": need("read", { param: "code" }),
  // Publishing (status "published" in the body) is also checked in the handler: it depends on the body.
  // Without it a translator saves drafts, of a live version too (pending changes, decision 0150).
  "PUT /articles/:id/versions/:code": need("translate", { param: "code" }),
  "DELETE /articles/:id/versions/:code": need("publish", { param: "code" }),
  // Marking up to date changes what the public page says about the translation: a publisher's act.
  "POST /articles/:id/versions/:code/up-to-date": need("publish", { param: "code" }),
  // The author of the pending changes may drop them too: checked in the handler.
  "POST /articles/:id/versions/:code/discard": need("translate", { param: "code" }),
  // A version's own reads (decision 0147): in a translator's languages only; the source text they
  // translate from comes with their own version (source-changes) and with the article.
  "GET /articles/:id/versions/:code/source-changes": need("read", { param: "code" }),
  "GET /articles/:id/versions/:code/publishing": need("read", { param: "code" }),
  "POST /articles/:id/versions/:code/publish": need("publish", { param: "code" }),
  "POST /articles/:id/versions/:code/unpublish": need("publish", { param: "code" }),
  "PUT /articles/:id/versions/:code/schedules/:action": need("publish", { param: "code" }),
  "DELETE /articles/:id/versions/:code/schedules/:action": need("publish", { param: "code" }),
  "POST /articles/:id/versions/:code/previews": need("translate", { param: "code" }),
  "DELETE /articles/:id/versions/:code/previews/:linkId": need("translate", { param: "code" }),
  "GET /articles/:id/versions/:code/revisions": need("read", { param: "code" }),
  "GET /articles/:id/versions/:code/revisions/compare": need("read", { param: "code" }),
  "GET /articles/:id/versions/:code/revisions/:revisionId": need("read", { param: "code" }),
  "POST /articles/:id/versions/:code/revisions/:revisionId/restore": need("publish", { param: "code" }),
  // "Ada is editing" (decision 0152): whoever may read a version may say they have it open and see who else has.
  "PUT /articles/:id/versions/:code/presence": need("read", { param: "code" }),
  "DELETE /articles/:id/versions/:code/presence": need("read", { param: "code" }),

  "GET /users": need("users.manage"),
  "GET /users/:uid/role": need("users.manage"),
  "PUT /users/:uid/role": need("users.manage"),

  "GET /analytics/summary": need("analytics.read"),

  "GET /webhooks": need("settings.manage"),
  "POST /webhooks": need("settings.manage"),
  "GET /webhooks/:id": need("settings.manage"),
  "PATCH /webhooks/:id": need("settings.manage"),
  "DELETE /webhooks/:id": need("settings.manage"),
  "GET /webhooks/:id/deliveries": need("settings.manage"),
  "POST /webhooks/:id/deliveries/:deliveryId/redeliver": need("settings.manage"),

  "GET /audit": need("settings.manage"),
  "GET /audit/facets": need("settings.manage"),

  "GET /romes/export.csv": need("admin.enter"),
  "GET /romes/:code/labels/:languageCode": need("translate", { param: "languageCode" }),
  "PUT /romes/:code/labels/:languageCode": need("translate", { param: "languageCode" }),
  "DELETE /romes/:code/labels/:languageCode": need("translate", { param: "languageCode" }),
  "POST /romes/imports": need("content.manage"),
  "PUT /romes/imports/:id/chunks/:index": need("content.manage"),
  "POST /romes/imports/:id/apply": need("content.manage"),

  "GET /media": need("admin.enter"),
  "POST /media": need("content.manage"),
  "GET /media/:id": need("admin.enter"),
  "GET /media/:id/alt": need("admin.enter"),
  "PUT /media/:id/alt": need("translate", "in handler"),
  "PUT /media/:id/alt/:code": need("translate", { param: "code" }),
  "DELETE /media/:id": need("content.manage"),

  // Everyone's own admin language (decision 0076): a personal setting, no content permission.
  "GET /preferences": need("admin.enter"),
  "PATCH /preferences": need("admin.enter"),
};

/** The refusals, worded for the person refused. */
export function unauthenticated(): HttpError {
  return new HttpError(401, "unauthenticated", "Sign in with an account that has access to the admin area to use this.");
}

export function forbidden(permission: Permission, language?: string): HttpError {
  const what = PERMISSIONS[permission].replace(/ \(per language\)$/, "").toLowerCase();
  return new HttpError(
    403,
    "forbidden",
    language === undefined ? `Your role does not allow this (${what}).` : `Your role does not allow this in ${language} (${what}); ask an administrator for that language.`,
  );
}

/** A language as stored ("fr-FR") from its code or short code ("fr"), any case; unknown references are returned as given. */
export async function canonicalLanguage(services: Pick<AppServices, "database">, reference: string): Promise<string> {
  const wanted = reference.trim().toLowerCase();
  const rows = await services.database.db.selectFrom("languages").select(["code", "short_code"]).execute();
  return (rows.find((row) => row.code.toLowerCase() === wanted) ?? rows.find((row) => row.short_code.toLowerCase() === wanted))?.code ?? reference;
}

/** Throws the 401/403 unless the user may do this (in this language). */
export async function assertMay(services: Pick<AppServices, "database">, user: SignedInUser | null, permission: Permission, language?: string): Promise<void> {
  if (!user) throw unauthenticated();
  if (language === undefined) {
    if (!may(user, permission)) throw forbidden(permission);
    return;
  }
  // Only a translator's answer depends on the language; theirs is compared with stored codes.
  const code = user.role === "translator" ? await canonicalLanguage(services, language) : language;
  if (!may(user, permission, code)) throw forbidden(permission, code);
}

/** For handlers whose language is in the body ("in handler" above). */
export function authorize(services: Pick<AppServices, "database">, c: Context<HttpEnv>, permission: Permission, language?: string): Promise<void> {
  return assertMay(services, c.get("user"), permission, language);
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The route path's parameters read off the request path (admin route paths are plain segments and :names). */
function paramsOf(routePath: string, requestPath: string): Record<string, string> {
  const pattern = routePath.split("/");
  const actual = requestPath.split("/");
  const params: Record<string, string> = {};
  pattern.forEach((segment, index) => {
    if (segment.startsWith(":") && actual[index] !== undefined) params[segment.slice(1)] = safeDecode(actual[index]);
  });
  return params;
}

/** The admin route this request will reach, as "METHOD /path" under the prefix (null: no route). */
export function matchedAdminRoute(c: Context<HttpEnv>): { key: string; path: string } | null {
  const route = matchedRoutes(c).find((candidate) => candidate.method !== "ALL" && candidate.path.startsWith(`${ADMIN_API_PREFIX}/`));
  return route ? { key: `${route.method} ${route.path.slice(ADMIN_API_PREFIX.length)}`, path: route.path } : null;
}

function languageOf(c: Context<HttpEnv>, source: LanguageSource, routePath: string): string | undefined {
  if (source === "in handler") return undefined;
  if ("query" in source) return c.req.query(source.query);
  return paramsOf(routePath, c.req.path)[source.param];
}

/** The gate in front of every /api/admin route: anonymous 401, not staff 403, then the route's own line. */
export function adminAccess(services: Pick<AppServices, "database">): MiddlewareHandler<HttpEnv> {
  return async (c, next) => {
    const user = c.get("user");
    if (!user) return errorResponse(401, "unauthenticated", "Sign in with an account that has access to the admin area to use this.");
    if (!isStaff(user)) return errorResponse(403, "forbidden", "Your account does not have access to the admin area.");
    const route = matchedAdminRoute(c);
    if (route === null) return next(); // no such endpoint: the 404 follows
    const access = ADMIN_API_ACCESS[route.key];
    if (access === undefined) return errorResponse(403, "forbidden", `No access rule is declared for ${route.key}; refused until one is.`);
    const language = access.language === undefined ? undefined : languageOf(c, access.language, route.path);
    // A missing language (an absent ?lang=) is left to the handler's validation: the 400 names the field.
    try {
      await assertMay(services, user, access.permission, language === undefined || language === "" ? undefined : language);
    } catch (error) {
      if (error instanceof HttpError) return errorResponse(error.status, error.code, error.message, error.field);
      throw error;
    }
    return next();
  };
}
