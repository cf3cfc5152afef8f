import { describe, expect, it } from "vitest";
import { describeProviderError, pickGitHubEmail, SignInFailure } from "./providers.ts";

describe("pickGitHubEmail", () => {
  const emails = [
    { email: "old@example.com", primary: false, verified: true },
    { email: "primary@example.com", primary: true, verified: true },
    { email: "unverified@example.com", primary: false, verified: false },
  ];

  it("takes the public email when it is verified", () => {
    expect(pickGitHubEmail("Old@Example.com", emails)).toBe("old@example.com");
  });
  it("takes the primary verified email when the public one is missing or unverified", () => {
    expect(pickGitHubEmail(null, emails)).toBe("primary@example.com");
    expect(pickGitHubEmail("unverified@example.com", emails)).toBe("primary@example.com");
  });
  it("takes any verified email when the primary one is not verified", () => {
    expect(
      pickGitHubEmail(null, [
        { email: "p@example.com", primary: true, verified: false },
        { email: "v@example.com", primary: false, verified: true },
      ]),
    ).toBe("v@example.com");
  });
  it("finds none when nothing is verified", () => {
    expect(pickGitHubEmail("u@example.com", [{ email: "u@example.com", primary: true, verified: false }])).toBeNull();
    expect(pickGitHubEmail(null, [])).toBeNull();
  });
  it("trusts the public email when the email list is not available (GitHub only publishes verified addresses)", () => {
    expect(pickGitHubEmail("public@example.com", null)).toBe("public@example.com");
    expect(pickGitHubEmail(null, null)).toBeNull();
  });
});

describe("describeProviderError", () => {
  it("keeps a SignInFailure as it is", () => {
    const failure = new SignInFailure("x", "Message", 403);
    expect(describeProviderError(failure, "Google")).toBe(failure);
  });
  it("reports unreachable providers without technical details", () => {
    expect(describeProviderError(new TypeError("fetch failed"), "GitHub")).toMatchObject({
      code: "provider_unreachable",
      message: "Could not reach GitHub. Please try again later.",
      status: 502,
    });
    expect(describeProviderError(new DOMException("timed out", "TimeoutError"), "Google")).toMatchObject({
      code: "provider_unreachable",
    });
  });
  it("hides anything else behind a generic message", () => {
    expect(describeProviderError(new Error("secret internals"), "Google")).toMatchObject({
      code: "provider_error",
      message: "Signing in with Google failed unexpectedly. Please try again.",
    });
  });
});
