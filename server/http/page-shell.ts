/**
 * The page shell's data (language, picker, UI strings, user, sign-in methods):
 * the root loader's answer, and what the admin gate's refusal carries, since it
 * is thrown before any loader runs. Server-only, so none of it reaches the browser bundle.
 */
import type { RouterContextProvider } from "react-router";
import type { ShellData } from "#core/shell.ts";
import { requestContext, servicesContext } from "#server/context.ts";
import { PROVIDER_NAMES, signInAvailable } from "#server/auth/dev-login.ts";
import { shellView } from "#server/content/shell.ts";

export function pageShellData(context: Readonly<RouterContextProvider>, lang: string | undefined): ShellData {
  const { content, config } = context.get(servicesContext);
  const { nonce, user } = context.get(requestContext);
  // Only the methods that can sign someone in get a button.
  const signInMethods = PROVIDER_NAMES.filter((provider) => signInAvailable(config, provider));
  return { ...shellView(content.current(), lang), publicUrl: config.publicUrl, nonce, user, signInMethods };
}
