import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { forLoaderData, requestContext } from "./context.ts";
import { newPageNotes } from "#server/http/page-notes.ts";

function contextFor(markupOnly: Map<string, string> | null) {
  const context = new RouterContextProvider();
  context.set(requestContext, { nonce: "n", requestId: "r", user: null, pageNotes: newPageNotes(), markupOnly });
  return context;
}

describe("forLoaderData (decision 0132)", () => {
  it("keeps a document's text for its markup and gives the loader data null", () => {
    const markupOnly = new Map<string, string>();
    expect(forLoaderData(contextFor(markupOnly), "article-body", "<p>Body</p>")).toBeNull();
    expect(forLoaderData(contextFor(markupOnly), "shell-view", "{}")).toBeNull();
    expect([...markupOnly]).toEqual([
      ["article-body", "<p>Body</p>"],
      ["shell-view", "{}"],
    ]);
  });

  it("gives a client navigation's data request the text itself", () => {
    expect(forLoaderData(contextFor(null), "article-body", "<p>Body</p>")).toBe("<p>Body</p>");
  });
});
