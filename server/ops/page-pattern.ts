/**
 * The React Router route pattern a page request matched (`/:lang/:page`), for
 * the request metrics: pages all reach Hono's catch-all, whose pattern (`*`)
 * says nothing about which page it was.
 */
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { LRUCache } from "lru-cache";

type RouteManifest = ServerBuild["routes"];

const trees = new WeakMap<RouteManifest, RouteObject[]>();

function treeOf(manifest: RouteManifest): RouteObject[] {
  let tree = trees.get(manifest);
  if (tree) return tree;
  const build = (parentId: string | undefined): RouteObject[] =>
    Object.values(manifest)
      .filter((route) => route?.parentId === parentId)
      .map((route): RouteObject => {
        if (route!.index) return { id: route!.id, index: true, path: route!.path };
        return { id: route!.id, path: route!.path, caseSensitive: route!.caseSensitive, children: build(route!.id) };
      });
  tree = build(undefined);
  trees.set(manifest, tree);
  return tree;
}

/** Patterns of recently requested paths: matchRoutes flattens and ranks every route on each call, a cost paid on every page request. */
const recentPatterns = new WeakMap<RouteManifest, LRUCache<string, string>>();
/** Bounded, so a crawl of distinct paths cannot grow memory. */
const RECENT_PATTERNS = 2_000;

/** `/` + the matched routes' paths joined (`/:lang/:page/:pageId/:pageSlug?`), or `(no page)` when none matches. */
export function pagePattern(manifest: RouteManifest, pathname: string): string {
  let recent = recentPatterns.get(manifest);
  if (!recent) {
    recent = new LRUCache({ max: RECENT_PATTERNS });
    recentPatterns.set(manifest, recent);
  }
  const known = recent.get(pathname);
  if (known !== undefined) return known;
  const matches = matchRoutes(treeOf(manifest), pathname);
  const pattern = matches
    ? `/${matches
        .map((match) => match.route.path)
        .filter((path) => path !== undefined && path !== "")
        .join("/")}`
    : "(no page)";
  recent.set(pathname, pattern);
  return pattern;
}
