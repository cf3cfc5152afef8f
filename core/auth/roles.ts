/**
 * Who may do what in the admin area (issue 11 item 3, decision 0072): the
 * roles, the permissions they hold, and the one function every check goes
 * through. Pure, so the server enforces it and the admin screens use the same
 * answer to show only what the person may do.
 */

export const ROLES = ["user", "translator", "editor", "admin"] as const;
export type Role = (typeof ROLES)[number];

/** The roles that enter the admin area. */
export const STAFF_ROLES = ["translator", "editor", "admin"] as const satisfies readonly Role[];

/**
 * A permission names one kind of action. The ones marked "per language" are
 * held for some languages only by a translator; everyone else holding them
 * holds them for every language.
 */
export const PERMISSIONS = {
  /** Enter the admin area: dashboard, API reference, reading what the screens list. */
  "admin.enter": "Enter the admin area",
  /**
   * Per language: read what is not public yet or not the text itself — drafts, revisions, publishing
   * state and preview links. A translator holds it for their languages only; what else they read of
   * other languages (the source they translate from) is core/auth/reading.ts.
   */
  read: "Read (per language)",
  /** Per language: edit UI strings, article versions (as drafts) and job labels; mark them up to date; submit them. */
  translate: "Translate (per language)",
  /** Per language: publish or unpublish an article version. */
  publish: "Publish (per language)",
  /** Articles themselves (create, delete, key, author, cover, tags), translation keys, media, ROME imports. */
  "content.manage": "Manage content",
  /** Visit counts and language switches. */
  "analytics.read": "Read analytics",
  /** Languages of the site: add, change, favorite. */
  "languages.manage": "Manage languages",
  /** Users and their roles. */
  "users.manage": "Manage users",
  /** Site settings and the audit log. */
  "settings.manage": "Manage settings and read the audit log",
} as const;
export type Permission = keyof typeof PERMISSIONS;

const LANGUAGE_SCOPED: ReadonlySet<Permission> = new Set<Permission>(["read", "translate", "publish"]);

export function isLanguageScoped(permission: Permission): boolean {
  return LANGUAGE_SCOPED.has(permission);
}

const GRANTS: Record<Role, readonly Permission[]> = {
  user: [],
  // A translator publishes only with canPublish, and only in their languages (may() below).
  translator: ["admin.enter", "read", "translate", "publish"],
  editor: ["admin.enter", "read", "translate", "publish", "content.manage", "analytics.read"],
  admin: Object.keys(PERMISSIONS) as Permission[],
};

/** What a check needs to know about a person: their role, a translator's languages and publish right. */
export interface Grant {
  role: Role;
  /** Language codes ("fr-FR"); only read for translators. */
  languages: readonly string[];
  /** A translator may publish in their languages. */
  canPublish: boolean;
}

export function isStaff(grant: Grant | null): boolean {
  return grant !== null && grant.role !== "user";
}

/**
 * May this person do this, in this language? `language` undefined asks "in at
 * least one language" (whether to show a screen), a code asks about that one.
 */
export function may(grant: Grant | null, permission: Permission, language?: string): boolean {
  if (grant === null || !GRANTS[grant.role].includes(permission)) return false;
  if (grant.role !== "translator" || !isLanguageScoped(permission)) return true;
  if (permission === "publish" && !grant.canPublish) return false;
  if (language === undefined) return grant.languages.length > 0;
  const wanted = language.toLowerCase();
  return grant.languages.some((code) => code.toLowerCase() === wanted);
}

/** The languages a per-language permission covers: "all", or the translator's list. */
export function languagesFor(grant: Grant | null, permission: Permission): "all" | string[] {
  if (grant === null || !may(grant, permission)) return [];
  return grant.role === "translator" && isLanguageScoped(permission) ? [...grant.languages] : "all";
}

export const ROLE_LABELS: Record<Role, string> = {
  user: "User",
  translator: "Translator",
  editor: "Editor",
  admin: "Admin",
};

/** Languages as stored: comma-separated codes, in the order given, without repeats. */
export function parseLanguageList(stored: string): string[] {
  return [
    ...new Set(
      stored
        .split(",")
        .map((code) => code.trim())
        .filter((code) => code !== ""),
    ),
  ];
}
export function formatLanguageList(codes: readonly string[]): string {
  return [...new Set(codes)].join(",");
}
