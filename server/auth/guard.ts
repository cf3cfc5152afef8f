/**
 * The admin gate for page loaders (docs/product.md §7, decision 0072): anonymous →
 * 401, signed in without a staff role or without the screen's permission →
 * 403. The JSON API's gate is server/auth/access.ts; both read core/auth.
 */
import { createContext, data, type RouterContextProvider } from "react-router";
import { adminPageRefusal } from "#core/auth/admin-pages.ts";
import { isStaff } from "#core/auth/roles.ts";
import type { SignedInUser } from "#core/shell.ts";
import { requestContext } from "#server/content/context.ts";

export type GateResult = { ok: true; user: SignedInUser } | { ok: false; status: 401 | 403 };

/** May this user open the admin screen at this path? */
export function checkAdminPage(user: SignedInUser | null, pathname: string): GateResult {
  const refusal = adminPageRefusal(user, pathname);
  return refusal === null && user !== null ? { ok: true, user } : { ok: false, status: refusal ?? 403 };
}

/** For admin route loaders: the signed-in staff member, or the 401/403 response the admin layout's error boundary renders. */
export function requireStaff(user: SignedInUser | null): SignedInUser {
  if (!user) throw data({ gate: 401 }, { status: 401 });
  if (!isStaff(user)) throw data({ gate: 403 }, { status: 403 });
  return user;
}

/**
 * Set by the admin layout's middleware when a staff member asks for a screen their role lacks: the
 * layout still renders (navigation, language), and the screen's loader refuses (decision 0153).
 */
export const refusedScreenContext = createContext<boolean>(false);

/** For admin screen loaders: the signed-in staff member allowed this screen, or the refusal shown inside the admin layout. */
export function requireScreen(context: Readonly<RouterContextProvider>): SignedInUser {
  const user = requireStaff(context.get(requestContext).user);
  if (context.get(refusedScreenContext)) throw data({ gate: 403, screen: true }, { status: 403 });
  return user;
}
