import { describe, expect, it } from "vitest";
import { formatSignInError } from "./sign-in-error.ts";

describe("formatSignInError", () => {
  it("puts the sign-in method in parentheses after the provider's message", () => {
    expect(formatSignInError("The popup was closed", "google")).toBe("The popup was closed (google)");
    expect(formatSignInError("Access denied", "github")).toBe("Access denied (github)");
  });
});
