import { describe, expect, it } from "vitest";
import { loadConfig } from "#server/config.ts";
import { isLoopbackHost, signInAvailable, usesDevLogin } from "./dev-login.ts";

describe("isLoopbackHost", () => {
  it.each(["localhost", "LOCALHOST", "localhost.", "127.0.0.1", "127.1.2.3", "127.255.255.255", "[::1]"])("treats %s as loopback", (host) => {
    expect(isLoopbackHost(host)).toBe(true);
  });
  it.each(["press.example", "128.0.0.1", "10.0.0.1", "0.0.0.0", "127.0.0.256", "127.0.0.1.example", "localhost.example", "[::2]", "[::ffff:8.8.8.8]"])(
    "treats %s as public",
    (host) => {
      expect(isLoopbackHost(host)).toBe(false);
    },
  );
  it("agrees with the URL parser's spelling of shorthand addresses", () => {
    expect(isLoopbackHost(new URL("http://127.1:3000").hostname)).toBe(true);
    expect(isLoopbackHost(new URL("http://[0:0:0:0:0:0:0:1]/").hostname)).toBe(true);
  });
});

describe("usesDevLogin", () => {
  const config = (env: Record<string, string>) => loadConfig({ NODE_ENV: "test", ...env });

  it("stands in for unconfigured providers on a loopback address by default", () => {
    expect(usesDevLogin(config({ PUBLIC_URL: "http://127.0.0.1:3000" }), "github")).toBe(true);
    expect(usesDevLogin(config({}), "google")).toBe(true);
  });
  it("never replaces a configured provider", () => {
    const withGoogle = config({ GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "secret", DEV_LOGIN: "on" });
    expect(usesDevLogin(withGoogle, "google")).toBe(false);
    expect(usesDevLogin(withGoogle, "github")).toBe(true);
  });
  it("is off on a public address unless DEV_LOGIN=on", () => {
    expect(usesDevLogin(config({ PUBLIC_URL: "https://press.example" }), "github")).toBe(false);
    expect(signInAvailable(config({ PUBLIC_URL: "https://press.example" }), "github")).toBe(false);
    expect(usesDevLogin(config({ PUBLIC_URL: "https://press.example", DEV_LOGIN: "on" }), "github")).toBe(true);
  });
  it("is off everywhere with DEV_LOGIN=off", () => {
    expect(usesDevLogin(config({ DEV_LOGIN: "off" }), "github")).toBe(false);
  });
});
