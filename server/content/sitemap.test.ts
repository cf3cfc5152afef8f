import { describe, expect, it } from "vitest";
import { parseSitemapChild } from "./sitemap.ts";

describe("parseSitemapChild", () => {
  it.each([
    ["pages-0.xml", { kind: "pages", index: 0 }],
    ["articles-12.xml", { kind: "articles", index: 12 }],
  ])("reads %s", (name, child) => {
    expect(parseSitemapChild(name)).toEqual(child);
  });
  it.each([
    "articles-01.xml",
    "articles--1.xml",
    "articles-1.xml.gz",
    "feeds-1.xml",
    "articles-1234567890.xml",
    "../articles-1.xml",
    "",
  ])("refuses %s", (name) => {
    expect(parseSitemapChild(name)).toBeNull();
  });
});
