import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "#server/base/log.ts";
import { SHOWS_EVERYTHING } from "#server/content/changes.ts";
import { createCdnPurger, sharedCacheHeaders } from "./cdn.ts";

describe("sharedCacheHeaders", () => {
  const shows = new Set(["article:7", "list:fr", "tag:été"]);

  it("names the response's keys, the site's first, in both headers", () => {
    const headers = sharedCacheHeaders({ "cache-control": "public, no-cache" }, shows, 0);
    expect(headers["Surrogate-Key"]).toBe("site article:7 list:fr tag:%C3%A9t%C3%A9");
    expect(headers["Cache-Tag"]).toBe("site,article:7,list:fr,tag:%C3%A9t%C3%A9");
    expect(headers["cache-control"]).toBe("public, no-cache");
  });

  it("lets a shared cache keep the response for the set time, browsers as the route said", () => {
    expect(sharedCacheHeaders({ "cache-control": "public, no-cache" }, shows, 3600)["cache-control"]).toBe(
      "public, max-age=0, s-maxage=3600, stale-while-revalidate=30",
    );
    const sitemap = sharedCacheHeaders({ "Cache-Control": "public, max-age=300" }, new Set(), 600);
    expect(sitemap["Cache-Control"]).toBe("public, max-age=300, s-maxage=600, stale-while-revalidate=30");
    expect(sitemap["Surrogate-Key"]).toBe(SHOWS_EVERYTHING);
    expect(Object.keys(sitemap).filter((name) => name.toLowerCase() === "cache-control")).toHaveLength(1);
  });

  it("does not share a response whose keys a CDN would cut", () => {
    const many = new Set(Array.from({ length: 2_000 }, (_, index) => `article:${index}`));
    const headers = sharedCacheHeaders({ "cache-control": "public, no-cache" }, many, 3600);
    expect(headers).toEqual({ "cache-control": "public, no-cache" });
  });
});

interface Received {
  method: string;
  headers: IncomingHttpHeaders;
  body: string;
}

describe("createCdnPurger", () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  /** A purge endpoint answering each request with the next status of `statuses` (the last one repeating). */
  async function purgeEndpoint(statuses: number[]): Promise<{ url: string; received: Received[] }> {
    const received: Received[] = [];
    server = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString()));
      request.on("end", () => {
        received.push({ method: request.method!, headers: request.headers, body });
        response.writeHead(statuses[Math.min(received.length - 1, statuses.length - 1)]!).end();
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    return { url: `http://127.0.0.1:${port}/purge`, received };
  }

  const settings = (purgeUrl: string, purgeToken: string | null = null) => ({
    purgeUrl,
    purgeMethod: "PURGE" as const,
    purgeToken,
    maxAgeSeconds: 60,
  });

  it("is off without a purge URL", () => {
    expect(
      createCdnPurger(
        { purgeUrl: null, purgeMethod: "PURGE", purgeToken: null, maxAgeSeconds: 0 },
        createLogger("silent"),
      ),
    ).toBeNull();
  });

  it("sends the invalidations of one moment in one purge, with the keys in headers and body", async () => {
    const endpoint = await purgeEndpoint([200]);
    const purger = createCdnPurger(settings(endpoint.url, "secret-token"), createLogger("silent"))!;
    purger.purge(["article:3", "list:fr"]);
    purger.purge(["tag:été", "list:fr"]);
    await purger.flush();
    expect(endpoint.received).toHaveLength(1);
    const [purge] = endpoint.received;
    expect(purge!.method).toBe("PURGE");
    expect(purge!.headers["surrogate-key"]).toBe("article:3 list:fr tag:%C3%A9t%C3%A9");
    expect(purge!.headers["cache-tag"]).toBe("article:3,list:fr,tag:%C3%A9t%C3%A9");
    expect(purge!.headers.authorization).toBe("Bearer secret-token");
    expect(JSON.parse(purge!.body)).toEqual({ tags: ["article:3", "list:fr", "tag:%C3%A9t%C3%A9"] });
  });

  it("puts the keys in the URL where it says {keys}", async () => {
    const endpoint = await purgeEndpoint([200]);
    let path = "";
    server!.prependListener("request", (request) => (path = request.url!));
    const purger = createCdnPurger(settings(new URL(`${endpoint.url}/{keys}`).href), createLogger("silent"))!;
    purger.purge(["article:3", "tag:été"]);
    await purger.flush();
    expect(path).toBe("/purge/article%3A3%20tag%3A%25C3%25A9t%25C3%25A9");
  });

  it("purges the site key for a change of everything, and for more keys than one purge takes", async () => {
    const endpoint = await purgeEndpoint([200]);
    const purger = createCdnPurger(settings(endpoint.url), createLogger("silent"))!;
    purger.purge(Array.from({ length: 300 }, (_, index) => `article:${index}`));
    await purger.flush();
    expect(endpoint.received.map((purge) => purge.headers["surrogate-key"])).toEqual([SHOWS_EVERYTHING]);
  });

  it("purges the site key for a change of everything", async () => {
    const endpoint = await purgeEndpoint([200]);
    const purger = createCdnPurger(settings(endpoint.url), createLogger("silent"))!;
    purger.purge(["article:3"]);
    purger.purge(null);
    await purger.flush();
    expect(endpoint.received.map((purge) => purge.headers["surrogate-key"])).toEqual([SHOWS_EVERYTHING]);
    expect(endpoint.received[0]!.headers.authorization).toBeUndefined();
  });

  it("retries a purge the CDN failed, and not one it refused", async () => {
    const failing = await purgeEndpoint([503, 502, 200]);
    const purger = createCdnPurger(settings(failing.url), createLogger("silent"))!;
    purger.purge(["article:1"]);
    await purger.flush();
    expect(failing.received.map((purge) => purge.headers["surrogate-key"])).toEqual([
      "article:1",
      "article:1",
      "article:1",
    ]);
    await new Promise<void>((resolve) => server!.close(() => resolve()));

    const refusing = await purgeEndpoint([403]);
    const refused = createCdnPurger(settings(refusing.url), createLogger("silent"))!;
    refused.purge(["article:2"]);
    await refused.flush();
    expect(refusing.received).toHaveLength(1);
  });
});
