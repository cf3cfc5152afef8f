/**
 * The admin area's gate and shell (docs/product.md §7). The middleware runs before
 * any admin loader: anonymous → 401 "Sign in required" (with the sign-in
 * buttons), signed in without a staff role → 403 "No access". Staff get the
 * navigation their role may use around the screen, in their own language; a
 * screen their role lacks (core/auth/admin-pages.ts, decision 0072) is refused
 * inside it (routes/admin/screen.tsx, decision 0153),
 * (docs/decisions/0076-admin-in-the-translators-language.md): the layout's
 * loader sends the admin strings, with English in place of any that is
 * missing or broken, and the list of broken ones, shown here so they get repaired.
 * The gate pages are in the public language, since any visitor can land on them.
 */
import "#app/lib/zod-in-browser.ts";
import {
  data,
  Link,
  NavLink,
  Outlet,
  type RouterContextProvider,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { adminNavFor } from "#core/auth/admin-pages.ts";
import { isStaff } from "#core/auth/roles.ts";
import { checkAdminPage, refusedScreenContext, requireStaff } from "#server/auth/guard.ts";
import { adminGateHandlers } from "#app/components/admin-gate.tsx";
import { AdminLanguageControl } from "#app/components/admin/admin-language-control.tsx";
import { AdminErrorPage } from "#app/components/admin/admin-error-page.tsx";
import { StatusErrorBoundary } from "#app/components/error-page.tsx";
import { useAdminText } from "#app/lib/admin-text.ts";
import type { RouteHandle } from "#app/lib/route-handle.ts";
import { adminTextFor } from "#server/admin/i18n/view.ts";
import {
  cameFromCookie,
  refererLanguage,
  resolveAdminLanguage,
  storedAdminLanguage,
} from "#server/admin/preferences/service.ts";
import { requestContext, servicesContext } from "#server/content/context.ts";
import { pageShellData } from "#server/content/page-shell.ts";
import "#app/styles/admin.css";
import type { Route } from "./+types/layout";

/** The admin is the React app: its pages hydrate (public pages do not, decision 0171). */
export const handle: RouteHandle = { hydrate: true };

export const middleware: Route.MiddlewareFunction[] = [
  ({ context, request }, next) => {
    const user = context.get(requestContext).user;
    // Each screen's permission is in core/auth/admin-pages.ts (decision 0072); a client navigation's
    // data request names the screen's path with ".data" added.
    const pathname = new URL(request.url).pathname.replace(/\.data$/, "");
    const gate = checkAdminPage(user, pathname);
    if (gate.ok) return rememberCameFrom(context, request, next);
    // A staff member refused one screen keeps the admin bar: the screen's loaders refuse (requireScreen), the
    // layout's runs (decision 0153).
    if (gate.status === 403 && isStaff(user)) {
      context.set(refusedScreenContext, true);
      return rememberCameFrom(context, request, next);
    }
    // Thrown before any loader runs, the root's included: the refusal carries the page shell
    // (useShellData in app/lib/use-shell.ts), and the root's error boundary shows the gate page.
    throw data({ gate: gate.status, shell: pageShellData(context, undefined) }, { status: gate.status });
  },
];

/**
 * Entering the admin from a public page: its language is remembered for the browser session, so the admin stays in
 * it on later page loads, whose Referer is the admin itself (decision 0153). The loaders read the Referer too.
 */
async function rememberCameFrom(
  context: Readonly<RouterContextProvider>,
  request: Request,
  next: () => Promise<Response>,
): Promise<Response> {
  const services = context.get(servicesContext);
  const cameFrom = refererLanguage(services.content.current(), request);
  const response = await next();
  if (cameFrom) response.headers.append("Set-Cookie", cameFromCookie(cameFrom, services.config.secureCookies));
  return response;
}

// A loader of its own, so a revalidation after signing in re-runs the gate on the server.
export async function loader({ context, request }: Route.LoaderArgs) {
  const staff = requireStaff(context.get(requestContext).user);
  const grant = { role: staff.role, languages: staff.languages, canPublish: staff.canPublish };
  const services = context.get(servicesContext);
  const resident = services.content.current();
  const stored = await storedAdminLanguage(services, staff.uid);
  const automatic = resolveAdminLanguage(resident, null, request);
  const language = resolveAdminLanguage(resident, stored, request);
  const fallback = { code: "en-US", label: "English", dir: "ltr" as const };
  return {
    adminName: staff.displayName || staff.email || staff.uid,
    grant,
    screens: adminNavFor(grant).map((page) => ({ to: page.path, label: page.textKey, end: page.path === "/admin" })),
    adminText: adminTextFor(resident, language ?? fallback),
    languageChoice: {
      stored:
        stored !== null && resident.languages.some((candidate) => candidate.code === stored && candidate.enabled)
          ? stored
          : null,
      automaticLabel: automatic?.label ?? fallback.label,
      // Hidden languages are not offered (decision 0153).
      languages: resident.languages
        .filter((candidate) => candidate.enabled)
        .map(({ code, label }) => ({ code, label })),
    },
  };
}

// The admin's strings change with a submission or a revalidation (a new language, a repaired string), not with the screen.
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  return currentUrl.href === nextUrl.href ? defaultShouldRevalidate : false;
}

/** Broken admin strings of this language, and how many are not translated yet: the repair starts here. */
function AdminTextNotice() {
  const { t, text } = useAdminText();
  const { problems, missing, language } = text;
  if (problems.length === 0 && missing === 0) return null;
  return (
    <section className="admin-text-notice" aria-label={t("admin.language.label")}>
      {problems.length > 0 && (
        <div role="alert">
          <p className="admin-text-notice__title">
            {t("admin.problems.title", { count: problems.length, language: language.label })}
          </p>
          <ul>
            {problems.map((problem) => (
              <li key={problem.key}>
                <code>{problem.key}</code>: <span lang="en">{problem.message}</span>
              </li>
            ))}
          </ul>
          <p>
            <Link to={`/admin/translations?q=${encodeURIComponent(problems[0]!.key)}`}>
              {t("admin.problems.repair")}
            </Link>
          </p>
        </div>
      )}
      {missing > 0 && <p>{t("admin.problems.missing", { count: missing, language: language.label })}</p>}
    </section>
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { t, lang, dir } = useAdminText();
  return (
    <div className="admin" lang={lang} dir={dir}>
      <meta name="robots" content="noindex" />
      <header className="admin-bar">
        <p className="admin-bar__title">
          {t("admin.layout.title")}{" "}
          <span className="admin-bar__who">
            · {loaderData.adminName} ({t(`admin.role.${loaderData.grant.role}`)}
            {loaderData.grant.role === "translator" ? `: ${loaderData.grant.languages.join(", ")}` : ""})
          </span>
        </p>
        <nav aria-label={t("admin.layout.sections")} className="admin-nav">
          <ul>
            {loaderData.screens.map((screen) => (
              <li key={screen.to}>
                <NavLink to={screen.to} end={screen.end} prefetch="intent">
                  {t(screen.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <AdminLanguageControl choice={loaderData.languageChoice} />
      </header>
      <AdminTextNotice />
      <div className="admin-screen">
        <Outlet />
      </div>
    </div>
  );
}

/** The layout's own loader refusing (e.g. after a sign-out) or failing; a screen's are routes/admin/screen.tsx's. */
export function ErrorBoundary() {
  return (
    <StatusErrorBoundary
      handlers={{
        ...adminGateHandlers,
        otherwise: (status, error) => <AdminErrorPage status={status} error={error} />,
      }}
    />
  );
}
