import { describe, expect, it } from "vitest";
import { loadConfig } from "#server/base/config.ts";
import { signInAvailable, usesDevLogin } from "./sign-in-providers.ts";

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
