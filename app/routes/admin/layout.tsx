/**
 * The admin area's gate and shell (PRODUCT.md §7). The middleware runs before
 * any admin loader: anonymous → 401 "Sign in required" (with the sign-in
 * buttons), signed in without admin rights → 403 "No access". Admins get the
 * admin navigation around the screen. Admin screens are in English
 * (docs/decisions/0007-admin-in-english.md); the gate pages are translated,
 * since any visitor can land on them.
 */
import { data, isRouteErrorResponse, NavLink, Outlet } from "react-router";
import { checkAdmin, requireAdmin } from "#server/auth/guard.ts";
import { adminGateHandlers } from "#app/components/admin-gate.tsx";
import { ErrorPage, StatusErrorBoundary } from "#app/components/error-page.tsx";
import { requestContext } from "#server/context.ts";
import { pageShellData } from "#server/http/page-shell.ts";
import "#app/styles/admin.css";
import type { Route } from "./+types/layout";

export const middleware: Route.MiddlewareFunction[] = [
  ({ context }) => {
    const gate = checkAdmin(context.get(requestContext).user);
    // Thrown before any loader runs, the root's included: the refusal carries the page shell
    // (useShellData in app/lib/use-shell.ts), and the root's error boundary shows the gate page.
    if (!gate.ok) throw data({ gate: gate.status, shell: pageShellData(context, undefined) }, { status: gate.status });
  },
];

// A loader of its own, so a revalidation after signing in re-runs the gate on the server.
export function loader({ context }: Route.LoaderArgs) {
  const admin = requireAdmin(context.get(requestContext).user);
  return { adminName: admin.displayName || admin.email || admin.uid };
}

const SCREENS = [
  { to: "/admin", label: "Dashboard", end: true },
  { to: "/admin/languages", label: "Languages", end: false },
  { to: "/admin/translations", label: "Translations", end: false },
  { to: "/admin/articles", label: "Articles", end: false },
  { to: "/admin/media", label: "Media", end: false },
  { to: "/admin/users", label: "Users", end: false },
  { to: "/admin/analytics", label: "Analytics", end: false },
  { to: "/admin/audit", label: "Audit log", end: false },
  { to: "/admin/romes", label: "ROME jobs", end: false },
  { to: "/admin/api", label: "API", end: false },
] as const;

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="admin" lang="en" dir="ltr">
      <meta name="robots" content="noindex" />
      <header className="admin-bar">
        <p className="admin-bar__title">
          Polyglot Press admin <span className="admin-bar__who">· {loaderData.adminName}</span>
        </p>
        <nav aria-label="Admin sections" className="admin-nav">
          <ul>
            {SCREENS.map((screen) => (
              <li key={screen.to}>
                <NavLink to={screen.to} end={screen.end} prefetch="intent">
                  {screen.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <div className="admin-screen">
        <Outlet />
      </div>
    </div>
  );
}

function AdminErrorPage({ status, error }: { status: number; error: unknown }) {
  const body: unknown = isRouteErrorResponse(error) ? error.data : null;
  const message = typeof body === "object" && body !== null && "message" in body && typeof body.message === "string" ? body.message : null;
  const notFound = status === 404;
  return (
    <ErrorPage
      status={status}
      title={notFound ? "Not found" : "Something went wrong"}
      siteTitle="Polyglot Press admin"
      text={message ?? (notFound ? "There is nothing at this address." : "The admin screen could not be loaded. Please try again.")}
      lang="en"
      dir="ltr"
      alert
    />
  );
}

/** Refusals from admin loaders (the gate itself refuses earlier, see the middleware) and other admin errors. */
export function ErrorBoundary() {
  return <StatusErrorBoundary handlers={{ ...adminGateHandlers, otherwise: (status, error) => <AdminErrorPage status={status} error={error} /> }} />;
}
