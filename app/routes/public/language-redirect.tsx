import { data, redirect } from "react-router";
import { findEnabledLanguage } from "#server/content/public-sections.ts";
import { servicesContext } from "#server/content/context.ts";
import { homePath } from "#core/paths.ts";
import type { Route } from "./+types/language-redirect";

export function loader({ params, context }: Route.LoaderArgs) {
  const language = findEnabledLanguage(context.get(servicesContext).content.current(), params.lang);
  if (!language) throw data(null, { status: 404 });
  return redirect(homePath(language), 302);
}
