import { describe, expect, it } from "vitest";
import { loadConfig } from "#server/base/config.ts";
import { siteHosts } from "./site-hosts.ts";

const hostsOf = (env: Record<string, string>) => siteHosts(loadConfig(env));
const statusOf = (hosts: ReturnType<typeof siteHosts>, headers: Record<string, string>, target = "/en/welcome") =>
  hosts.refusal(target, headers)?.status ?? "served";

describe("siteHosts on a public address", () => {
  const hosts = hostsOf({ PUBLIC_URL: "https://press.example", ALLOWED_HOSTS: "www.press.example, press-1.internal" });

  it.each(["press.example", "PRESS.example:443", "press.example.", "www.press.example", "press-1.internal:3000"])(
    "serves Host %s",
    (host) => {
      expect(statusOf(hosts, { host })).toBe("served");
    },
  );

  it.each([
    "evil.example",
    "evil.example:3000",
    "localhost:3000",
    "127.0.0.1",
    "10.1.2.3:3000",
    "press.example.evil.example",
  ])("refuses Host %s with 421 naming the site", (host) => {
    const refusal = hosts.refusal("/api/admin/languages", { host });
    expect(refusal).toMatchObject({ status: 421, code: "unknown_host" });
    expect(refusal?.message).toContain(JSON.stringify(host));
    expect(refusal?.message).toContain("https://press.example");
  });

  it("refuses a missing or malformed Host with 400", () => {
    expect(hosts.refusal("/", {})).toMatchObject({
      status: 400,
      code: "bad_host",
      message: expect.stringContaining("missing"),
    });
    expect(hosts.refusal("/", { host: "evil.example@press.example" })).toMatchObject({ status: 400, code: "bad_host" });
  });

  it("answers the probes whatever the Host: orchestrators send the address they dialled", () => {
    for (const target of ["/healthz", "/readyz", "/readyz?verbose"])
      expect(statusOf(hosts, { host: "10.1.2.3:3000" }, target)).toBe("served");
    for (const target of ["/healthz/", "/healthzz", "/metrics"])
      expect(statusOf(hosts, { host: "10.1.2.3:3000" }, target)).toBe(421);
    const withToken = hostsOf({ PUBLIC_URL: "https://press.example", METRICS_TOKEN: "t".repeat(40) });
    expect(statusOf(withToken, { host: "10.1.2.3:3000" }, "/metrics")).toBe("served");
  });

  it("takes writes from PUBLIC_URL's scheme and port under each name of the site only", () => {
    expect([...hosts.origins]).toEqual([
      "https://press.example",
      "https://www.press.example",
      "https://press-1.internal",
    ]);
    const withPort = hostsOf({ PUBLIC_URL: "https://press.example:8443" });
    expect([...withPort.origins]).toEqual(["https://press.example:8443"]);
  });
});

describe("siteHosts on a loopback address", () => {
  const hosts = hostsOf({ PUBLIC_URL: "http://localhost:3000" });

  it.each(["localhost:3000", "127.0.0.1:3000", "127.0.0.1", "[::1]:3000", "127.0.0.2:4000"])(
    "serves the loopback name %s",
    (host) => {
      expect(statusOf(hosts, { host })).toBe("served");
    },
  );

  it("refuses any other name: a rebinding page's Host is its own name", () => {
    expect(statusOf(hosts, { host: "evil.example:3000" })).toBe(421);
    expect(statusOf(hosts, { host: "localhost.evil.example:3000" })).toBe(421);
  });

  it("takes writes from the loopback names on PUBLIC_URL's port", () => {
    expect([...hosts.origins]).toEqual(["http://localhost:3000", "http://127.0.0.1:3000", "http://[::1]:3000"]);
  });
});

describe("siteHosts behind a proxy", () => {
  it("checks the X-Forwarded-Host our proxy wrote (the last) only with TRUST_PROXY", () => {
    const env = { PUBLIC_URL: "https://press.example", ALLOWED_HOSTS: "app" };
    const trusting = hostsOf({ ...env, TRUST_PROXY: "true" });
    expect(statusOf(trusting, { host: "app:3000", "x-forwarded-host": "press.example" })).toBe("served");
    expect(statusOf(trusting, { host: "app:3000", "x-forwarded-host": "press.example, evil.example" })).toBe(421);
    expect(statusOf(trusting, { host: "app:3000", "x-forwarded-host": "evil.example, press.example" })).toBe("served");
    expect(trusting.refusal("/", { host: "app:3000", "x-forwarded-host": "evil.example" })?.message).toContain(
      "X-Forwarded-Host",
    );
    expect(statusOf(trusting, { host: "evil.example", "x-forwarded-host": "press.example" })).toBe(421);
    expect(statusOf(hostsOf(env), { host: "app:3000", "x-forwarded-host": "evil.example" })).toBe("served");
  });
});

describe("siteHosts sending plain http to https", () => {
  const trusting = hostsOf({ PUBLIC_URL: "https://press.example", TRUST_PROXY: "true" });

  it("sends a request our proxy got over http to the same target on PUBLIC_URL", () => {
    expect(trusting.httpsRedirect("/en/articles?page=2", { host: "press.example", "x-forwarded-proto": "http" })).toBe(
      "https://press.example/en/articles?page=2",
    );
    expect(
      trusting.httpsRedirect("/api/admin/languages", { host: "press.example", "x-forwarded-proto": "https, http" }),
    ).toBe("https://press.example/api/admin/languages");
  });

  it("leaves https requests, probes, and sites without TRUST_PROXY or on http alone", () => {
    expect(trusting.httpsRedirect("/en/welcome", { host: "press.example", "x-forwarded-proto": "https" })).toBeNull();
    expect(
      trusting.httpsRedirect("/en/welcome", { host: "press.example", "x-forwarded-proto": "http, https" }),
    ).toBeNull();
    expect(trusting.httpsRedirect("/en/welcome", { host: "press.example" })).toBeNull();
    expect(trusting.httpsRedirect("/healthz", { host: "10.1.2.3:3000", "x-forwarded-proto": "http" })).toBeNull();
    expect(
      hostsOf({ PUBLIC_URL: "https://press.example" }).httpsRedirect("/", {
        host: "press.example",
        "x-forwarded-proto": "http",
      }),
    ).toBeNull();
    expect(
      hostsOf({ PUBLIC_URL: "http://localhost:3000", TRUST_PROXY: "true" }).httpsRedirect("/", {
        host: "localhost:3000",
        "x-forwarded-proto": "http",
      }),
    ).toBeNull();
  });
});
