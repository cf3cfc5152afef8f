/**
 * The React Router route pattern a page request matched (`/:lang/:page`), for
 * the request metrics: pages all reach Hono's catch-all, whose pattern (`*`)
 * says nothing about which page it was.
 */
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

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

/** `/` + the matched routes' paths joined (`/:lang/:page/:pageId/:pageSlug?`), or `(no page)` when none matches. */
export function pagePattern(manifest: RouteManifest, pathname: string): string {
  const matches = matchRoutes(treeOf(manifest), pathname);
  if (!matches) return "(no page)";
  return `/${matches
    .map((match) => match.route.path)
    .filter((path) => path !== undefined && path !== "")
    .join("/")}`;
}
