import { describe, expect, it } from "vitest";
import type { ServerBuild } from "react-router";
import { pagePattern } from "./page-pattern.ts";

// The shape of app/routes.ts as React Router's build lists it: flat, linked by parentId.
const manifest = {
  root: { id: "root", path: "" },
  "routes/public/root-redirect": { id: "routes/public/root-redirect", parentId: "root", index: true },
  "routes/admin/layout": { id: "routes/admin/layout", parentId: "root", path: "admin" },
  "routes/admin/dashboard": { id: "routes/admin/dashboard", parentId: "routes/admin/layout", index: true },
  "routes/admin/article-editor": {
    id: "routes/admin/article-editor",
    parentId: "routes/admin/layout",
    path: "articles/:articleId",
  },
  "routes/public/language-redirect": { id: "routes/public/language-redirect", parentId: "root", path: ":lang" },
  "routes/public/section": { id: "routes/public/section", parentId: "root", path: ":lang/:page" },
  "routes/public/item": { id: "routes/public/item", parentId: "root", path: ":lang/:page/:pageId/:pageSlug?" },
  "routes/public/not-found": { id: "routes/public/not-found", parentId: "root", path: "*" },
} as unknown as ServerBuild["routes"];

describe("pagePattern", () => {
  it.each([
    ["/", "/"],
    ["/en", "/:lang"],
    ["/fr/métiers", "/:lang/:page"],
    ["/en/articles/12/hello", "/:lang/:page/:pageId/:pageSlug?"],
    ["/en/articles/12", "/:lang/:page/:pageId/:pageSlug?"],
    ["/admin", "/admin"],
    ["/admin/articles/7", "/admin/articles/:articleId"],
    ["/en/a/b/c/d/e", "/*"],
  ])("labels %s as %s", (path, pattern) => {
    expect(pagePattern(manifest, path)).toBe(pattern);
  });
});
