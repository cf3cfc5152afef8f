/**
 * Who may call which admin endpoint (decision 0072): each endpoint's declaration says it, beside its handler
 * (`access: need(permission, language source)`, server/http/endpoint.ts, decision 0175). The gate
 * (adminAccess) finds the declaration of the route Hono matched and checks it before any handler runs; a route
 * under /api/admin without a declaration is refused (deny by default), lint refuses a router that could add one,
 * and the authorization-matrix test fails for it.
 */
import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import type { LanguageSource } from "#core/auth/endpoint-access.ts";
import { isStaff, may, PERMISSIONS, type Permission } from "#core/auth/roles.ts";
import type { SignedInUser } from "#core/shell.ts";
import type { AppServices } from "#server/content/context.ts";
import type { HttpEnv } from "#server/http/env.ts";
import { AppError, forbidden, unauthenticated } from "#core/errors.ts";
import { ADMIN_API_PREFIX, declaredEndpoint } from "#server/http/endpoint.ts";
import { errorResponse, refusalResponse } from "#server/http/errors.ts";

/** The refusals, worded for the person refused. */
export function notSignedIn(): AppError {
  return unauthenticated("unauthenticated", "Sign in with an account that has access to the admin area to use this.");
}

export function notPermitted(permission: Permission, language?: string): AppError {
  const what = PERMISSIONS[permission].replace(/ \(per language\)$/, "").toLowerCase();
  return forbidden(
    "forbidden",
    language === undefined
      ? `Your role does not allow this (${what}).`
      : `Your role does not allow this in ${language} (${what}); ask an administrator for that language.`,
  );
}

/** A language as stored ("fr-FR") from its code or short code ("fr"), any case; unknown references are returned as given. */
export async function canonicalLanguage(services: Pick<AppServices, "database">, reference: string): Promise<string> {
  const wanted = reference.trim().toLowerCase();
  const rows = await services.database.db.selectFrom("languages").select(["code", "short_code"]).execute();
  return (
    (
      rows.find((row) => row.code.toLowerCase() === wanted) ??
      rows.find((row) => row.short_code.toLowerCase() === wanted)
    )?.code ?? reference
  );
}

/** Throws the 401/403 unless the user may do this (in this language). */
export async function assertMay(
  services: Pick<AppServices, "database">,
  user: SignedInUser | null,
  permission: Permission,
  language?: string,
): Promise<void> {
  if (!user) throw notSignedIn();
  if (language === undefined) {
    if (!may(user, permission)) throw notPermitted(permission);
    return;
  }
  // Only a translator's answer depends on the language; theirs is compared with stored codes.
  const code = user.role === "translator" ? await canonicalLanguage(services, language) : language;
  if (!may(user, permission, code)) throw notPermitted(permission, code);
}

/** For handlers whose language is in the body ("in handler" above). */
export function authorize(
  services: Pick<AppServices, "database">,
  c: Context<HttpEnv>,
  permission: Permission,
  language?: string,
): Promise<void> {
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
function matchedAdminRoute(c: Context<HttpEnv>): string | null {
  const route = matchedRoutes(c).find(
    (candidate) => candidate.method !== "ALL" && candidate.path.startsWith(`${ADMIN_API_PREFIX}/`),
  );
  return route ? `${route.method} ${route.path.slice(ADMIN_API_PREFIX.length)}` : null;
}

function languageOf(c: Context<HttpEnv>, source: LanguageSource, routePath: string): string | undefined {
  if (source === "in handler") return undefined;
  if ("query" in source) return c.req.query(source.query);
  return paramsOf(routePath, c.req.path)[source.param];
}

/** The gate in front of every /api/admin route: anonymous 401, not staff 403, then the access its declaration names. */
export function adminAccess(services: Pick<AppServices, "database">): MiddlewareHandler<HttpEnv> {
  return async (c, next) => {
    const user = c.get("user");
    if (!user)
      return errorResponse(
        401,
        "unauthenticated",
        "Sign in with an account that has access to the admin area to use this.",
      );
    if (!isStaff(user)) return errorResponse(403, "forbidden", "Your account does not have access to the admin area.");
    const declared = declaredEndpoint(c);
    if (declared === null) {
      const route = matchedAdminRoute(c);
      if (route === null) return next(); // no such endpoint: the 404 follows
      return errorResponse(
        403,
        "forbidden",
        `No declaration (server/http/endpoint.ts) is made for ${route}; refused until one is.`,
      );
    }
    const { access } = declared.endpoint;
    const language = access.language === undefined ? undefined : languageOf(c, access.language, declared.path);
    // A missing language (an absent ?lang=) is left to the handler's validation: the 400 names the field.
    try {
      await assertMay(
        services,
        user,
        access.permission,
        language === undefined || language === "" ? undefined : language,
      );
    } catch (error) {
      if (error instanceof AppError) return refusalResponse(error);
      throw error;
    }
    return next();
  };
}
