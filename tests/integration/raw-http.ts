/** Requests to a listening test server exactly as written: the Host given (fetch() would send its URL's), any method. */
import { request as httpRequest } from "node:http";

export interface Sent {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

/** One request to 127.0.0.1:`port` with Host `host`, answered as a fetch Response (the body left compressed as sent). */
export function send(
  port: number,
  host: string,
  path: string,
  { method = "GET", headers = {}, body }: Sent = {},
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ port, path, method, headers: { ...headers, host } }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
      incoming.on("end", () => {
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(incoming.headers))
          for (const item of [value ?? []].flat()) responseHeaders.append(name, item);
        const status = incoming.statusCode!;
        resolve(
          new Response(status === 204 || status === 304 || method === "HEAD" ? null : Buffer.concat(chunks), {
            status,
            headers: responseHeaders,
          }),
        );
      });
    });
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}
