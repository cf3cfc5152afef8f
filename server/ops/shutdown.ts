/**
 * Graceful shutdown of an HTTP server: stop accepting, let in-flight requests
 * finish (each answer closes its connection), cut what is still running at the
 * deadline. Node's own server.close() does the accepting part; the rest is
 * connection bookkeeping it leaves to us (docs/decisions/0053-graceful-shutdown.md).
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http";

export interface DrainResult {
  /** Requests still running at the deadline, whose connections were cut. */
  cut: number;
}

export interface Drainable {
  /** Stops accepting and resolves once every request has been answered or the deadline has cut it. */
  drain(deadlineMs: number): Promise<DrainResult>;
  readonly draining: boolean;
}

/** Starts tracking in-flight requests on `server`; call before it listens. */
export function drainable(server: Server): Drainable {
  const inFlight = new Set<ServerResponse>();
  let draining = false;

  server.on("request", (_request: IncomingMessage, response: ServerResponse) => {
    inFlight.add(response);
    response.once("close", () => inFlight.delete(response));
    // Keep-alive clients learn with this answer that the connection ends.
    if (draining) response.setHeader("Connection", "close");
  });

  return {
    get draining() {
      return draining;
    },
    drain(deadlineMs) {
      draining = true;
      for (const response of inFlight) if (!response.headersSent) response.setHeader("Connection", "close");
      return new Promise((resolve) => {
        let cut = 0;
        const deadline = setTimeout(() => {
          cut = inFlight.size;
          server.closeAllConnections();
        }, deadlineMs);
        // Connections answered while streaming (headers already sent) go idle afterwards: close those as they do.
        const sweep = setInterval(() => server.closeIdleConnections(), 100);
        server.close(() => {
          clearTimeout(deadline);
          clearInterval(sweep);
          resolve({ cut });
        });
        server.closeIdleConnections();
      });
    },
  };
}
