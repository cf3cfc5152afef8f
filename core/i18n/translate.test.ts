import { describe, expect, it, vi } from "vitest";
import { createTranslate } from "./translate.ts";

describe("createTranslate", () => {
  it("returns the entry's label", () => {
    expect(createTranslate({ "NAV:HOME": "Accueil" })("NAV:HOME")).toBe("Accueil");
  });

  it("fills placeholders and leaves unknown ones as written", () => {
    const t = createTranslate({ "TOAST:WELCOME": "Welcome, {displayName}! {other}" });
    expect(t("TOAST:WELCOME", { displayName: "Ada" })).toBe("Welcome, Ada! {other}");
  });

  it("renders a missing key as itself and warns", () => {
    const warn = vi.fn();
    expect(createTranslate({}, warn)("JOBS:TITLE")).toBe("JOBS:TITLE");
    expect(warn).toHaveBeenCalledWith("Missing translation: JOBS:TITLE");
  });
});
