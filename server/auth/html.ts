/**
 * The HTML answers of the sign-in routes: in the language the visitor is
 * coming back to, never cached, sent through the context so cookies set on it
 * (session, attempt) go out with the page.
 */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { createTranslate, type Translate } from "#core/i18n/translate.ts";
import type { AppServices } from "#server/content/context.ts";
import { favoriteLanguage, findEnabledLanguage } from "#server/content/public-sections.ts";
import { compiledStrings } from "#server/content/shell.ts";
import type { HttpEnv } from "#server/http/env.ts";
import { messagePage, type PageLanguage } from "#server/auth/pages.ts";
import { DEFAULT_RETURN_TO } from "#server/auth/return-to.ts";

export interface AuthHtml {
  /** The page language: the one the visitor is coming back to (first path segment), else the favorite. */
  pageStrings: (returnTo: string) => { language: PageLanguage; t: Translate };
  htmlResponse: (c: Context<HttpEnv>, html: string, status: number) => Response;
  notFoundPage: (c: Context<HttpEnv>, text: string) => Response;
}

export function createAuthHtml({ content, log }: Pick<AppServices, "content" | "log">): AuthHtml {
  function pageStrings(returnTo: string): { language: PageLanguage; t: Translate } {
    const snapshot = content.current();
    const firstSegment = returnTo.split(/[/?#]/)[1];
    const language =
      findEnabledLanguage(snapshot, firstSegment ? safeDecode(firstSegment) : undefined) ?? favoriteLanguage(snapshot);
    const t = createTranslate(compiledStrings(snapshot, language?.code), language?.code ?? "en-US", (message) =>
      log.warn(message),
    );
    return { language: { code: language?.code ?? "en-US", dir: language?.dir ?? "ltr" }, t };
  }

  function htmlResponse(c: Context<HttpEnv>, html: string, status: number): Response {
    return c.html(html, status as ContentfulStatusCode, { "Cache-Control": "no-store" });
  }

  function notFoundPage(c: Context<HttpEnv>, text: string): Response {
    const { language, t } = pageStrings(DEFAULT_RETURN_TO);
    return htmlResponse(
      c,
      messagePage(language, t("NOTFOUND:TITLE"), text, { href: "/", label: t("NOTFOUND:HOME") }),
      404,
    );
  }

  return { pageStrings, htmlResponse, notFoundPage };
}

function safeDecode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
