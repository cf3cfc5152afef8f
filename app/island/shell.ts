/**
 * What the island reads from the page the server rendered: the shell's UI strings (the
 * `shell-view` data block, decision 0132), parsed only when a toast needs one, and the
 * site's JSON API, called with the XSRF cookie echoed as a header (app/lib/api-client.ts).
 */
import { createTranslate, type MessageValues, type Translate } from "#core/i18n/translate.ts";
import { SHELL_VIEW_ELEMENT_ID, type ShellView } from "#core/shell.ts";
import { withXsrfToken, XSRF_HEADER } from "#app/lib/api-client.ts";

let translate: Translate | undefined;

/** A UI string of the page's language, formatted as the app's `t` does. */
export function t(key: string, values?: MessageValues): string {
  if (!translate) {
    const view = JSON.parse(document.getElementById(SHELL_VIEW_ELEMENT_ID)?.textContent || "null") as ShellView | null;
    translate = view
      ? createTranslate(view.strings, view.language.code, console.warn, view.stringLanguages)
      : (key) => key;
  }
  return translate(key, values);
}

/**
 * A JSON POST to the site's API. `keepalive`, so an analytics event sent as the visitor
 * follows a link (a full page load now) still reaches the server.
 */
export async function postJson(path: string, body: unknown): Promise<Response> {
  const response = await withXsrfToken((xsrf) => {
    const headers: Record<string, string> = { "Content-Type": "application/json" };
    if (xsrf !== undefined) headers[XSRF_HEADER] = xsrf;
    return fetch(path, {
      method: "POST",
      credentials: "same-origin",
      keepalive: true,
      headers,
      body: JSON.stringify(body),
    });
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return response;
}

/** An analytics event; a failure is only a warning (docs/product.md §9). */
export function recordEvent(event: { name: string; path?: string }): void {
  postJson("/api/analytics/events", event).catch((error: unknown) =>
    console.warn("Analytics event not recorded", error),
  );
}
