/**
 * The page shell's data (language, picker, UI strings, user, sign-in methods):
 * the root loader's answer, and what the admin gate's refusal carries, since it
 * is thrown before any loader runs. Server-only, so none of it reaches the browser bundle.
 * The admin area's shell, in the admin's language, is server/admin/i18n/page-shell.ts.
 */
import type { RouterContextProvider } from "react-router";
import { SHELL_USER_ELEMENT_ID, SHELL_VIEW_ELEMENT_ID, type ShellPayload } from "#core/shell.ts";
import { forLoaderData, requestContext, servicesContext } from "#server/content/context.ts";
import { PROVIDER_NAMES, signInAvailable } from "#server/base/sign-in-providers.ts";
import { scriptDataJson, shellView, type SerializedShellView } from "./shell.ts";

/** A shell view with what the request adds: the user, the nonce, the sign-in methods. */
export function withRequest(context: Readonly<RouterContextProvider>, shell: SerializedShellView): ShellPayload {
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
