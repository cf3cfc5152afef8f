/**
 * A fetch-based "browser" for sign-in tests: requests to the app's PUBLIC_URL
 * go to app.request(), everything else (the identity provider stand-ins) over
 * real HTTP; redirects are followed by hand with one cookie jar, like a browser.
 */
import { createCookieJar, type CookieJar } from "#tests/fixtures/idp/redirects.ts";
import { SIGN_IN_MESSAGE_TYPE, parseSignInResult, type SignInResult } from "#core/sign-in-result.ts";

export const TEST_PUBLIC_URL = "http://localhost:3000";

type AppLike = { request: (path: string, init?: RequestInit) => Response | Promise<Response> };

export interface Visit {
  url: URL;
  response: Response;
  stopped: boolean;
}

export function createBrowser(app: AppLike, publicUrl = TEST_PUBLIC_URL) {
  const jar: CookieJar = createCookieJar();
  const origin = new URL(publicUrl).origin;

  async function go(
    start: string | URL,
    options: { init?: RequestInit; stopAt?: (url: URL) => boolean } = {},
  ): Promise<Visit> {
    let url = new URL(start, publicUrl);
    let init: RequestInit = options.init ?? {};
    for (let hop = 0; hop < 20; hop++) {
      const headers = new Headers(init.headers);
      const cookie = jar.header(url);
      if (cookie) headers.set("cookie", [headers.get("cookie"), cookie].filter(Boolean).join("; "));
      const response =
        url.origin === origin
          ? await app.request(url.pathname + url.search, { ...init, headers })
          : await fetch(url, { ...init, headers, redirect: "manual" });
      jar.store(url, response);
      const location = response.headers.get("location");
      if (response.status < 300 || response.status >= 400 || !location) return { url, response, stopped: false };
      await response.body?.cancel();
      url = new URL(location, url);
      init = {};
      if (options.stopAt?.(url)) return { url, response, stopped: true };
    }
    throw new Error(`too many redirects, last ${url.href}`);
  }

  return {
    jar,
    go,
    cookie: (name: string) => jar.get(new URL(publicUrl), name),
  };
}

/** The result the popup page hands to its opener (read from its inline script). */
export async function popupResult(response: Response): Promise<{ result: SignInResult; html: string }> {
  const html = await response.text();
  const json = /var result = (\{.*?\});\n/.exec(html)?.[1];
  const result = json ? parseSignInResult(JSON.parse(json)) : null;
  if (!result) throw new Error(`no sign-in result in the page:\n${html.slice(0, 500)}`);
  return { result, html };
}

export function flashResult(browser: ReturnType<typeof createBrowser>): SignInResult | null {
  const value = browser.cookie("pp_flash");
  return value ? parseSignInResult(JSON.parse(decodeURIComponent(value))) : null;
}

export { SIGN_IN_MESSAGE_TYPE };
