import { data, redirect } from "react-router";
import { servicesContext } from "#server/context.ts";
import { rootRedirectPath } from "#core/language-switch.ts";
import { parseSavedLanguage } from "#core/language-switch.ts";
import { SAVED_LANGUAGE_KEY } from "#app/lib/saved-language.ts";
import type { Route } from "./+types/root-redirect";

function cookieValue(header: string | null, name: string): string | null {
  for (const part of header?.split(";") ?? []) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=");
  }
  return null;
}

/** "/" goes to the saved language's home if it still exists and is enabled, else the favorite's. */
export function loader({ request, context }: Route.LoaderArgs) {
  const { content } = context.get(servicesContext);
  const saved = parseSavedLanguage(cookieValue(request.headers.get("cookie"), SAVED_LANGUAGE_KEY));
  const target = rootRedirectPath(content.current().languages, saved);
  if (target === null) throw data(null, { status: 404 });
  return redirect(target, { status: 302, headers: { "Cache-Control": "private, no-store", Vary: "Cookie" } });
}
