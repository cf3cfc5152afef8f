/**
 * The admin screens and the permission each needs (decision 0072): the admin
 * layout refuses a screen the role lacks before any loader runs, and its
 * navigation lists only the screens the role may open. A screen missing here
 * is refused (the authorization test checks that every admin screen of
 * app/routes.ts has its line here).
 */
import { matchPath } from "react-router";
import { isStaff, may, type Grant, type Permission } from "./roles.ts";

export interface AdminPage {
  /** A React Router path pattern. */
  path: string;
  label: string;
  /** Its name in the admin's language: an admin catalog key (server/admin/i18n/catalog/layout.json, decision 0076). */
  textKey: `admin.nav.${string}`;
  permission: Permission;
  /** Listed in the admin navigation (a screen reached from another, like one article, is not). */
  nav: boolean;
}

export const ADMIN_PAGES: readonly AdminPage[] = [
  { path: "/admin", label: "Dashboard", textKey: "admin.nav.dashboard", permission: "admin.enter", nav: true },
  {
    path: "/admin/languages",
    label: "Languages",
    textKey: "admin.nav.languages",
    permission: "languages.manage",
    nav: true,
  },
  {
    path: "/admin/translations",
    label: "Translations",
    textKey: "admin.nav.translations",
    permission: "translate",
    nav: true,
  },
  {
    path: "/admin/translation-status",
    label: "Translation status",
    textKey: "admin.nav.translation_status",
    permission: "translate",
    nav: true,
  },
  { path: "/admin/tags", label: "Tags", textKey: "admin.nav.tags", permission: "translate", nav: true },
  { path: "/admin/articles", label: "Articles", textKey: "admin.nav.articles", permission: "admin.enter", nav: true },
  // Before ":articleId", which "new" would match too: creating an article is an editor's.
  {
    path: "/admin/articles/new",
    label: "New article",
    textKey: "admin.nav.article_new",
    permission: "content.manage",
    nav: false,
  },
  {
    path: "/admin/articles/:articleId",
    label: "Article",
    textKey: "admin.nav.article",
    permission: "admin.enter",
    nav: false,
  },
  { path: "/admin/media", label: "Media", textKey: "admin.nav.media", permission: "content.manage", nav: true },
  { path: "/admin/users", label: "Users", textKey: "admin.nav.users", permission: "users.manage", nav: true },
  {
    path: "/admin/analytics",
    label: "Analytics",
    textKey: "admin.nav.analytics",
    permission: "analytics.read",
    nav: true,
  },
  { path: "/admin/audit", label: "Audit log", textKey: "admin.nav.audit", permission: "settings.manage", nav: true },
  {
    path: "/admin/webhooks",
    label: "Webhooks",
    textKey: "admin.nav.webhooks",
    permission: "settings.manage",
    nav: true,
  },
  {
    path: "/admin/api-keys",
    label: "API keys",
    textKey: "admin.nav.api_keys",
    permission: "settings.manage",
    nav: true,
  },
  // Translators read and propose terms of their languages; editors and admins manage them (decision 0217).
  {
    path: "/admin/glossary",
    label: "Glossary",
    textKey: "admin.nav.glossary",
    permission: "translate",
    nav: true,
  },
  { path: "/admin/romes", label: "ROME jobs", textKey: "admin.nav.romes", permission: "admin.enter", nav: true },
  { path: "/admin/api", label: "API", textKey: "admin.nav.api", permission: "admin.enter", nav: true },
];

export function adminPageAt(pathname: string): AdminPage | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return ADMIN_PAGES.find((page) => matchPath({ path: page.path, end: true }, path) !== null);
}

/** 401 anonymous, 403 not staff or not allowed this screen (or a screen without a line above), else null. */
export function adminPageRefusal(grant: Grant | null, pathname: string): 401 | 403 | null {
  if (grant === null) return 401;
  if (!isStaff(grant)) return 403;
  const page = adminPageAt(pathname);
  return page !== undefined && may(grant, page.permission) ? null : 403;
}

/** The navigation a role sees. */
export function adminNavFor(grant: Grant): AdminPage[] {
  return ADMIN_PAGES.filter((page) => page.nav && may(grant, page.permission));
}
