/**
 * Every admin screen sits in this pathless route, inside the admin bar (routes/admin/layout.tsx):
 * a screen's refusal or failure is shown here, so the navigation and the admin's language stay
 * (decision 0153). The layout's middleware decides whether the role may open the screen; this
 * loader and every screen's loader refuse through requireScreen, so a refused screen neither
 * renders nor reads its data.
 */
import { Outlet } from "react-router";
import { adminGateHandlers, adminGateStatus } from "#app/components/admin-gate.tsx";
import { AdminErrorPage, RefusedScreen } from "#app/components/admin/admin-error-page.tsx";
import { StatusErrorBoundary } from "#app/components/error-page.tsx";
import { requireScreen } from "#server/auth/guard.ts";
import type { Route } from "./+types/screen";

export function loader({ context }: Route.LoaderArgs) {
  requireScreen(context);
  return null;
}

export default function AdminScreen() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return (
    <StatusErrorBoundary
      handlers={{
        ...adminGateHandlers,
        403: (error) => (adminGateStatus(error) === 403 ? <RefusedScreen /> : null),
        otherwise: (status, error) => <AdminErrorPage status={status} error={error} />,
      }}
    />
  );
}
