/**
 * One attempt of a delivery: a POST of the JSON body to the endpoint, through `guardedLookup` (no private
 * addresses unless allowed), redirects not followed, an answer read up to RESPONSE_EXCERPT_CHARS, the whole
 * attempt bounded by a time-out. 2xx is success; anything else, or no answer, is a failure to retry.
 */
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { refusedHost, guardedLookup } from "./address-guard.ts";

const RESPONSE_EXCERPT_CHARS = 500;
export const DELIVERY_TIMEOUT_MS = 10_000;

export interface Attempt {
  ok: boolean;
  status: number | null;
  durationMs: number;
  excerpt: string | null;
  error: string | null;
}

export async function attemptDelivery(
  url: string,
  body: string,
  headers: Record<string, string>,
  allowPrivate: boolean,
): Promise<Attempt> {
  const started = performance.now();
  const target = new URL(url);
  const elapsed = () => Math.round(performance.now() - started);
  // An IP literal is never looked up, so never seen by guardedLookup: judged here.
  const literal = /^\[.*\]$|^[\d.]+$/.test(target.hostname) ? await refusedHost(target.hostname, allowPrivate) : null;
  if (literal) return { ok: false, status: null, durationMs: elapsed(), excerpt: null, error: `refused: ${literal}` };
  const send = target.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise<Attempt>((resolve) => {
    const outgoing = send(
      target,
      {
        method: "POST",
        headers: { ...headers, "Content-Type": "application/json", "Content-Length": String(Buffer.byteLength(body)) },
        lookup: guardedLookup(allowPrivate),
        timeout: DELIVERY_TIMEOUT_MS,
      },
      (response: IncomingMessage) => {
        let excerpt = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          if (excerpt.length < RESPONSE_EXCERPT_CHARS) excerpt += chunk;
          else response.destroy();
        });
        const done = () => {
          const status = response.statusCode ?? null;
          resolve({
            ok: status !== null && status >= 200 && status < 300,
            status,
            durationMs: elapsed(),
            excerpt: excerpt.slice(0, RESPONSE_EXCERPT_CHARS),
            error: null,
          });
        };
        response.on("end", done);
        response.on("close", done);
      },
    );
    outgoing.on("timeout", () => outgoing.destroy(new Error(`no answer within ${DELIVERY_TIMEOUT_MS / 1000} s`)));
    outgoing.on("error", (error: NodeJS.ErrnoException) => {
      const reason = error.code === "EADDRREFUSED" ? `refused: ${error.message}` : error.message;
      resolve({
        ok: false,
        status: null,
        durationMs: elapsed(),
        excerpt: null,
        error: reason.slice(0, RESPONSE_EXCERPT_CHARS),
      });
    });
    outgoing.end(body);
  });
}
