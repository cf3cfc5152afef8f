import { type RouteConfig, index, route } from "@react-router/dev/routes";

// PRODUCT.md §2. "admin" is matched before ":lang", and no language may use it as short code.
export default [
  index("routes/public/root-redirect.tsx"),
  route(":lang", "routes/public/language-redirect.tsx"),
  route(":lang/:page", "routes/public/section.tsx"),
  route(":lang/:page/:pageId/:pageSlug?", "routes/public/item.tsx"),
  route("*", "routes/public/not-found.tsx"),
] satisfies RouteConfig;
