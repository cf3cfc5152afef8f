/**
 * The page shell's data (language, picker, UI strings, user, sign-in methods):
 * the root loader's answer, and what the admin gate's refusal carries, since it
 * is thrown before any loader runs. Server-only, so none of it reaches the browser bundle.
 */
import type { RouterContextProvider } from "react-router";
import type { AdminErrorPageText } from "#core/i18n/admin-error-page.ts";
import { SHELL_USER_ELEMENT_ID, SHELL_VIEW_ELEMENT_ID, type ShellLanguage, type ShellPayload } from "#core/shell.ts";
import { forLoaderData, requestContext, servicesContext } from "#server/context.ts";
import { PROVIDER_NAMES, signInAvailable } from "#server/auth/dev-login.ts";
import { scriptDataJson, shellOf, shellView, type SerializedShellView } from "#server/content/shell.ts";
import { adminLanguageOf } from "#server/admin/preferences/service.ts";
import { adminErrorPageTextFor } from "#server/admin/i18n/view.ts";
import type { Resident } from "#server/content/resident.ts";

function withRequest(context: Readonly<RouterContextProvider>, shell: SerializedShellView): ShellPayload {
  const { config } = context.get(servicesContext);
  const { nonce, user } = context.get(requestContext);
  // Only the methods that can sign someone in get a button.
  const signInMethods = PROVIDER_NAMES.filter((provider) => signInAvailable(config, provider));
  return {
    view: forLoaderData(context, SHELL_VIEW_ELEMENT_ID, shell.json),
    userJson: forLoaderData(context, SHELL_USER_ELEMENT_ID, scriptDataJson(user)),
    publicUrl: config.publicUrl,
    nonce,
    signInMethods,
  };
}

export function pageShellData(context: Readonly<RouterContextProvider>, lang: string | undefined): ShellPayload {
  return withRequest(context, shellView(context.get(servicesContext).content.current(), lang));
}

/**
 * A public page's shell, noted for the page cache: such a page is the same for every visitor but
 * its header's account area, so a signed-in visitor may get the anonymous render with theirs (decision 0134).
 */
export function publicPageShellData(context: Readonly<RouterContextProvider>, lang: string | undefined): ShellPayload {
  const resident = context.get(servicesContext).content.current();
  const shell = shellView(resident, lang);
  context.get(requestContext).pageNotes.shell = { language: shell.view.language.code, version: resident.version };
  return withRequest(context, shell);
}

/** Under /admin the whole page (its lang and dir, header, toasts) is in the admin's language (decision 0076). */
export async function adminPageShellData(context: Readonly<RouterContextProvider>, request: Request): Promise<ShellPayload> {
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
