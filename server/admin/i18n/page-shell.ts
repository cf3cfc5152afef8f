/**
 * The admin area's page shell: the public one (server/content/page-shell.ts) in the admin's
 * language, with the texts of the admin's error page.
 */
import type { RouterContextProvider } from "react-router";
import type { AdminErrorPageText } from "#core/i18n/admin-error-page.ts";
import type { ShellLanguage, ShellPayload } from "#core/shell.ts";
import { requestContext, servicesContext } from "#server/content/context.ts";
import { pageShellData, withRequest } from "#server/content/page-shell.ts";
import type { Resident } from "#server/content/resident.ts";
import { shellOf } from "#server/content/shell.ts";
import { adminErrorPageTextFor } from "./view.ts";
import { adminLanguageOf } from "#server/admin/preferences/service.ts";

/** Under /admin the whole page (its lang and dir, header, toasts) is in the admin's language (decision 0076). */
export async function adminPageShellData(
  context: Readonly<RouterContextProvider>,
  request: Request,
): Promise<ShellPayload> {
  const services = context.get(servicesContext);
  const { user } = context.get(requestContext);
  if (!user) return pageShellData(context, undefined);
  const resident = services.content.current();
  const language = await adminLanguageOf(services, user.uid, request);
  const shell = shellOf(resident, language);
  return { ...withRequest(context, shell), adminErrorPage: errorPageTextOrNothing(resident, shell.view.language) };
}

/** The error page's texts must never be what breaks the page: without them it speaks English. */
function errorPageTextOrNothing(resident: Resident, language: ShellLanguage): AdminErrorPageText | undefined {
  try {
    return adminErrorPageTextFor(resident, language);
  } catch {
    return undefined;
  }
}
