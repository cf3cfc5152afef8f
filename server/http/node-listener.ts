/**
 * The node:http request listener around the page cache's fast path and Hono
 * (decision 0020): whatever throws on the way — synchronously or later — is
 * logged and answered with a 500, never left to end the process. A target
 * that is not a path (absolute-form "http://other.example/", "*") is refused
 * first: we are not a proxy, and the host it names is not ours.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "#server/log.ts";

export interface NodeListenerParts {
  /** Answers the request itself and returns true, or returns false to pass it on. */
  fastPath: (request: IncomingMessage, response: ServerResponse) => boolean;
  handle: (request: IncomingMessage, response: ServerResponse) => Promise<unknown>;
  log: Pick<Logger, "error">;
}

function answerJson(response: ServerResponse, status: number, code: string, message: string): void {
  response.writeHead(status, { "Content-Type": "application/json", "Cache-Control": "no-store", Connection: "close" });
  response.end(JSON.stringify({ error: { code, message } }));
}

function answerFailure(request: IncomingMessage, response: ServerResponse, log: NodeListenerParts["log"], error: unknown): void {
  // The raw target may be hostile: logged cut short, never parsed.
  log.error({ err: error, method: request.method, target: request.url?.slice(0, 200) }, "request failed outside the app's error handling");
  if (response.headersSent) {
    response.destroy();
    return;
  }
  answerJson(response, 500, "internal_error", "Something went wrong on our side. Please try again.");
}

export function guardedListener({ fastPath, handle, log }: NodeListenerParts) {
  return (request: IncomingMessage, response: ServerResponse): void => {
    if (!request.url?.startsWith("/")) {
      answerJson(response, 400, "bad_request", "The request target must be a path starting with /.");
      return;
    }
    try {
      if (fastPath(request, response)) return;
      handle(request, response).catch((error: unknown) => answerFailure(request, response, log, error));
    } catch (error) {
      answerFailure(request, response, log, error);
    }
  };
}
