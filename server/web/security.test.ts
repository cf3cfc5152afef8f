import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { HttpEnv } from "#server/http/env.ts";
import { contentSecurityPolicy, securityHeaderValues, securityHeaders } from "./security.ts";

function appWith(hsts: boolean) {
  const app = new Hono<HttpEnv>();
  app.use(securityHeaders({ hsts }));
  app.get("/", (c) => c.text(c.get("nonce")));
  return app;
}

describe("security headers", () => {
  it.each([false, true])("sets exactly the values the page cache's fast path sends (HSTS %s)", async (hsts) => {
    const response = await appWith(hsts).request("/");
    for (const [name, value] of Object.entries(securityHeaderValues(hsts)))
      expect(response.headers.get(name), name).toBe(value);
    expect(response.headers.has("strict-transport-security")).toBe(hsts);
  });

  it("gives each response its own nonce, the one the page renders, in a policy without 'unsafe-inline'", async () => {
    const app = appWith(false);
    const answers = await Promise.all([app.request("/"), app.request("/")]);
    const nonces = await Promise.all(answers.map((response) => response.text()));
    expect(nonces[0]).not.toBe(nonces[1]);
    answers.forEach((response, index) =>
      expect(response.headers.get("content-security-policy")).toBe(contentSecurityPolicy(nonces[index]!)),
    );
    expect(contentSecurityPolicy("n")).not.toContain("unsafe-inline");
    expect(contentSecurityPolicy("n")).toMatch(
      /script-src 'self' 'nonce-n'; style-src 'self' 'sha256-[A-Za-z0-9+/]+=*'/,
    );
  });

  it("keeps a policy a handler set itself (a cached page's)", async () => {
    const app = new Hono<HttpEnv>();
    app.use(securityHeaders({ hsts: false }));
    app.get("/", () => new Response("cached", { headers: { "Content-Security-Policy": "default-src 'none'" } }));
    expect((await app.request("/")).headers.get("content-security-policy")).toBe("default-src 'none'");
  });
});
