/**
 * Server rendering, as React Router's default Node entry, plus the request's
 * CSP nonce on every inline script React emits.
 */
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import { ServerRouter, type EntryContext, type HandleErrorFunction, type RouterContextProvider } from "react-router";
import { requestContext, servicesContext } from "#server/content/context.ts";
import { MarkupOnlyContext } from "#app/lib/markup-only.ts";

export const streamTimeout = 5_000;

/**
 * The page's stylesheets as a `Link: rel=preload` header. React writes every hoisted
 * `<meta>` and `<link rel=modulepreload>` into the head before a plain stylesheet link,
 * so without it the browser asks for the render-blocking CSS after nine scripts: on a
 * slow phone connection that put the first paint behind the framework's download.
 */
function preloadHeader({ manifest, staticHandlerContext }: EntryContext): string {
  const hrefs = new Set(staticHandlerContext.matches.flatMap((match) => manifest.routes[match.route.id]?.css ?? []));
  return [...hrefs].map((href) => `<${href}>; rel=preload; as=style`).join(", ");
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce, markupOnly } = loadContext.get(requestContext);
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole document at once; people get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const page = (
      <MarkupOnlyContext value={markupOnly}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </MarkupOnlyContext>
    );
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      [readyOption]() {
        shellRendered = true;
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            callback();
          },
        });
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        const stylesheets = preloadHeader(routerContext);
        if (stylesheets) responseHeaders.set("Link", stylesheets);
        pipe(body);
        resolve(
          new Response(createReadableStreamFromReadable(body), {
            headers: responseHeaders,
            status: responseStatusCode,
          }),
        );
      },
      onShellError(error: unknown) {
        reject(error instanceof Error ? error : new Error(String(error)));
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    });
  });
}

/**
 * Errors thrown by loaders and actions: a client that went away is not an
 * error; a database outage is recorded (the HTTP app then answers 503);
 * anything else goes to the log with the request id.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const provider = context as RouterContextProvider;
  const { database, log } = provider.get(servicesContext);
  if (database.availability.failed(error)) return;
  log.error({ requestId: provider.get(requestContext).requestId, err: error }, "page failed");
};
