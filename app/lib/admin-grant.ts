/** The signed-in staff member's role, for admin screens to show only what it may do (the server enforces it: server/auth/access.ts). */
import { useRouteLoaderData } from "react-router";
import { may, type Grant, type Permission } from "#core/auth/roles.ts";

const ADMIN_LAYOUT_ID = "routes/admin/layout";

export function useAdminGrant(): Grant {
  const data = useRouteLoaderData<{ grant: Grant }>(ADMIN_LAYOUT_ID);
  // Every admin screen renders inside the admin layout, whose loader has run (or the gate refused).
  return data?.grant ?? { role: "user", languages: [], canPublish: false };
}

/** may() for the signed-in staff member. */
export function useMay(): (permission: Permission, language?: string) => boolean {
  const grant = useAdminGrant();
  return (permission, language) => may(grant, permission, language);
}
