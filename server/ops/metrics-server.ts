/** The separate metrics listener (METRICS_PORT): GET /metrics only, meant for a private interface. */
import { createServer, type Server } from "node:http";

export type MetricsReader = () => Promise<{ body: string; contentType: string }>;

export function createMetricsServer(readMetrics: MetricsReader): Server {
  return createServer((request, response) => {
    if (request.method !== "GET" || request.url?.split("?")[0] !== "/metrics") {
      response
        .writeHead(404, { "Content-Type": "text/plain; charset=utf-8" })
        .end("Not found: metrics are at GET /metrics.\n");
      return;
    }
    readMetrics().then(
      ({ body, contentType }) =>
        response.writeHead(200, { "Content-Type": contentType, "Cache-Control": "no-store" }).end(body),
      () =>
        response
          .writeHead(500, { "Content-Type": "text/plain; charset=utf-8" })
          .end("Could not collect the metrics.\n"),
    );
  });
}
