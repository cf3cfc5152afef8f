import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";
import { PREVIEW_SEGMENT } from "#core/paths.ts";

// docs/product.md §2. "admin" is matched before ":lang", and no language may use it as short code.
export default [
  index("routes/public/root-redirect.tsx"),
  route("admin", "routes/admin/layout.tsx", [
    // Every screen inside the admin bar: a refusal or an error keeps the navigation (routes/admin/screen.tsx).
    layout("routes/admin/screen.tsx", [
      index("routes/admin/dashboard.tsx"),
      route("languages", "routes/admin/languages.tsx"),
      route("translations", "routes/admin/translations.tsx"),
      route("translation-status", "routes/admin/translation-status.tsx"),
      route("tags", "routes/admin/tags.tsx"),
      route("articles", "routes/admin/articles.tsx"),
      route("articles/:articleId", "routes/admin/article-editor.tsx"),
      route("users", "routes/admin/users.tsx"),
      route("analytics", "routes/admin/analytics.tsx"),
      route("audit", "routes/admin/audit.tsx"),
      route("webhooks", "routes/admin/webhooks.tsx"),
      route("api-keys", "routes/admin/api-keys.tsx"),
      route("glossary", "routes/admin/glossary.tsx"),
      route("romes", "routes/admin/romes.tsx"),
      route("api", "routes/admin/api-reference.tsx"),
      route("media", "routes/admin/media.tsx"),
    ]),
  ]),
  route(":lang", "routes/public/language-redirect.tsx"),
  route(":lang/:page", "routes/public/section.tsx"),
  // Before item pages: no page name may be PREVIEW_SEGMENT (core/page-names.ts), so none is shadowed.
  route(`:lang/${PREVIEW_SEGMENT}/:token`, "routes/public/preview.tsx"),
  route(":lang/:page/:pageId/:pageSlug?", "routes/public/item.tsx"),
  route("*", "routes/public/not-found.tsx"),
] satisfies RouteConfig;
