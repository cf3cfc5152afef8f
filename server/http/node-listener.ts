/**
 * The node:http request listener around the page cache's fast path and Hono
 * (decision 0020): whatever throws on the way — synchronously or later — is
 * logged and answered with a 500, never left to end the process. A target
 * that is not a path (absolute-form "http://other.example/", "*") is refused
 * first: we are not a proxy, and the host it names is not ours. So is a
 * request whose Host names another site (./site-hosts.ts), before the page
 * cache or any route sees it.
 */
import type { ErrorCode } from "#core/error-codes.ts";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "#server/base/log.ts";
import type { SiteHosts } from "./site-hosts.ts";

export interface NodeListenerParts {
  /** Answers the request itself and returns true, or returns false to pass it on. */
  fastPath: (request: IncomingMessage, response: ServerResponse) => boolean;
  handle: (request: IncomingMessage, response: ServerResponse) => Promise<unknown>;
  hosts: Pick<SiteHosts, "refusal" | "httpsRedirect">;
  log: Pick<Logger, "error" | "info">;
}

function answerJson(response: ServerResponse, status: number, code: ErrorCode, message: string): void {
  response.writeHead(status, { "Content-Type": "application/json", "Cache-Control": "no-store", Connection: "close" });
  response.end(JSON.stringify({ error: { code, message } }));
}

function answerFailure(
  request: IncomingMessage,
  response: ServerResponse,
  log: NodeListenerParts["log"],
  error: unknown,
): void {
  // The raw target may be hostile: logged cut short, never parsed.
  log.error(
    { err: error, method: request.method, target: request.url?.slice(0, 200) },
    "request failed outside the app's error handling",
  );
  if (response.headersSent) {
    response.destroy();
    return;
  }
  answerJson(response, 500, "internal_error", "Something went wrong on our side. Please try again.");
}

/** Answers (and logs) a request for another host, or a target that is not a path, and returns true; false for any other. */
export function answeredAsNotOurs(
  request: IncomingMessage,
  response: ServerResponse,
  { hosts, log }: Pick<NodeListenerParts, "hosts" | "log">,
): boolean {
  if (!request.url?.startsWith("/")) {
    answerJson(response, 400, "bad_request", "The request target must be a path starting with /.");
    return true;
  }
  const refusal = hosts.refusal(request.url, request.headers);
  if (!refusal) {
    const location = hosts.httpsRedirect(request.url, request.headers);
    if (location === null) return false;
    // 308 keeps the method and body; a browser following it sends them over https (HSTS then keeps it there).
    log.info({ method: request.method, target: request.url, status: 308 }, "plain http sent to https");
    response
      .writeHead(308, { Location: location, "Cache-Control": "no-store", "Content-Type": "text/plain; charset=utf-8" })
      .end(`This site answers over https: ${location}\n`);
    return true;
  }
  // The access log's line for it: Hono, which writes the others, never sees this request.
  log.info(
    { method: request.method, target: request.url, host: request.headers.host?.slice(0, 100), status: refusal.status },
    "request for another host refused",
  );
  answerJson(response, refusal.status, refusal.code, refusal.message);
  return true;
}

export function guardedListener({ fastPath, handle, hosts, log }: NodeListenerParts) {
  return (request: IncomingMessage, response: ServerResponse): void => {
    if (answeredAsNotOurs(request, response, { hosts, log })) return;
    try {
      if (fastPath(request, response)) return;
      handle(request, response).catch((error: unknown) => answerFailure(request, response, log, error));
    } catch (error) {
      answerFailure(request, response, log, error);
    }
  };
}
