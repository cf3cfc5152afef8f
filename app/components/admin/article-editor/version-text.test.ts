import { describe, expect, it } from "vitest";
import { addressSlug, sameText, slugEditedIn, slugForTitle, versionBody, versionCheck } from "./version-text.ts";

const text = { title: "Hello World", slug: "hello-world", summary: "", body: "Body", coverAlt: "" };

describe("the slug follows the title", () => {
  it("until edited by hand", () => {
    expect(slugForTitle("Été à Paris", "old", false)).toBe("ete-a-paris");
    expect(slugForTitle("Été à Paris", "my-own", true)).toBe("my-own");
  });

  it("is empty for an empty title, and the address then shows an ellipsis", () => {
    expect(slugForTitle("   ", "old", false)).toBe("");
    expect(addressSlug({ title: " ", slug: "" })).toBe("…");
    expect(addressSlug({ title: "A Title", slug: "" })).toBe("a-title");
    expect(addressSlug({ title: "A Title", slug: "typed" })).toBe("typed");
  });

  it("a stored slug that is not the title's counts as edited", () => {
    expect(slugEditedIn(text)).toBe(false);
    expect(slugEditedIn({ ...text, slug: "greetings" })).toBe(true);
  });
});

describe("the version's body and check", () => {
  it("sends the source revision of a translation only", () => {
    expect(versionBody(text, "published", 3)).toEqual({ ...text, status: "published", sourceRevision: 3 });
    expect(versionBody(text, "draft", null)).toEqual({ ...text, status: "draft" });
  });

  it("checks the text with the API's schema", () => {
    expect(versionCheck.schema.safeParse(versionCheck.toInput(text)).success).toBe(true);
    expect(versionCheck.schema.safeParse(versionCheck.toInput({ ...text, slug: "Not a slug" })).success).toBe(false);
  });

  it("compares texts field by field", () => {
    expect(sameText(text, { ...text })).toBe(true);
    expect(sameText(text, { ...text, coverAlt: "x" })).toBe(false);
  });
});
