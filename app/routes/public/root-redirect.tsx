import { data, redirect } from "react-router";
import { servicesContext } from "#server/content/context.ts";
import { rootRedirectPath, savedLanguageInCookies } from "#core/language-switch.ts";
import type { Route } from "./+types/root-redirect";

/** "/" goes to the saved language's home if it still exists and is enabled, else the favorite's. */
export function loader({ request, context }: Route.LoaderArgs) {
  const { content } = context.get(servicesContext);
  const saved = savedLanguageInCookies(request.headers.get("cookie"));
  const target = rootRedirectPath(content.current().languages, saved);
  if (target === null) throw data(null, { status: 404 });
  return redirect(target, { status: 302, headers: { "Cache-Control": "private, no-store", Vary: "Cookie" } });
}
