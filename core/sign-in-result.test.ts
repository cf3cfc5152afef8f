import { describe, expect, it } from "vitest";
import {
  FLASH_COOKIE,
  parseSignInResult,
  SIGN_IN_MESSAGE_TYPE,
  signInStartPath,
  takeFlashResult,
} from "./sign-in-result.ts";

const welcome = {
  type: SIGN_IN_MESSAGE_TYPE,
  id: "r1",
  ok: true,
  method: "google",
  welcome: "new",
  displayName: "Ada",
} as const;
const failure = { type: SIGN_IN_MESSAGE_TYPE, id: "r2", ok: false, method: "github", message: "Denied" } as const;

describe("parseSignInResult", () => {
  it("accepts the two result shapes", () => {
    expect(parseSignInResult(welcome)).toEqual(welcome);
    expect(parseSignInResult(failure)).toEqual(failure);
    expect(parseSignInResult({ ...failure, method: null })).toEqual({ ...failure, method: null });
  });

  it("drops extra fields", () => {
    expect(parseSignInResult({ ...welcome, isAdmin: true })).toEqual(welcome);
  });

  it.each([
    ["null", null],
    ["a string", "signed in"],
    ["another message type", { ...welcome, type: "other" }],
    ["no id", { ...welcome, id: "" }],
    ["an unknown method", { ...welcome, method: "facebook" }],
    ["an unknown welcome", { ...welcome, welcome: "maybe" }],
    ["no display name", { ...welcome, displayName: undefined }],
    ["a truthy but not true ok", { ...welcome, ok: 1 }],
    ["a failure without a message", { ...failure, message: "" }],
    ["an over-long message", { ...failure, message: "x".repeat(1001) }],
  ])("refuses %s", (_label, value) => {
    expect(parseSignInResult(value)).toBeNull();
  });
});

describe("takeFlashResult", () => {
  it("reads the result once and expires the cookie", () => {
    const doc = { cookie: `XSRF-TOKEN=abc; ${FLASH_COOKIE}=${encodeURIComponent(JSON.stringify(welcome))}` };
    expect(takeFlashResult(doc)).toEqual(welcome);
    expect(doc.cookie).toBe(`${FLASH_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`);
  });

  it("ignores a missing or broken cookie", () => {
    expect(takeFlashResult({ cookie: "a=b" })).toBeNull();
    expect(takeFlashResult({ cookie: `${FLASH_COOKIE}=%7Bnot-json` })).toBeNull();
  });
});

describe("signInStartPath", () => {
  it("encodes the return path and the popup flag", () => {
    expect(signInStartPath("google", "/fr/m%C3%A9tiers?page=2", true)).toBe(
      "/auth/google/start?returnTo=%2Ffr%2Fm%25C3%25A9tiers%3Fpage%3D2&popup=1",
    );
    expect(signInStartPath("github", "/", false)).toBe("/auth/github/start?returnTo=%2F");
  });
});
