import { describe, expect, it } from "vitest";
import { termsOf } from "./terms.ts";

describe("termsOf", () => {
  it("stems repeated words the same each time, also after the stem memo was emptied", () => {
    expect(termsOf("Running runs; RUNNING", "en-US")).toEqual(["run", "run", "run"]);
    // More distinct words than the memo keeps: it is emptied and refilled.
    termsOf(Array.from({ length: 50_010 }, (_, index) => `word${index}ing`).join(" "), "en-US");
    expect(termsOf("running houses", "en-US")).toEqual(["run", "hous"]);
    expect(termsOf("maisons", "fr-FR")).toEqual(["maison"]);
  });
});
