/** What the users admin API accepts and answers (/admin/users). */
import { z } from "zod";
import { ROLES } from "#core/auth/roles.ts";

export const MAX_USER_SEARCH_CHARS = 200;
/** More than every language a site is likely to have; each is checked against the site's languages. */
export const MAX_ROLE_LANGUAGES = 50;

export const listUsersQuery = z.object({
  q: z
    .string()
    .trim()
    .max(MAX_USER_SEARCH_CHARS, { error: `must be at most ${MAX_USER_SEARCH_CHARS} characters` })
    .default(""),
});

export const uidParam = z.string().min(1, { error: "is required" }).max(255, { error: "is not a user of this site" });

/** A role change (decision 0072): a translator names their languages (codes or short codes) and may be given the publish right. */
export const setRoleInput = z
  .strictObject({
    role: z.enum(ROLES, { error: `must be one of ${ROLES.join(", ")}` }),
    languages: z
      .array(
        z
          .string({ error: "must be language codes" })
          .trim()
          .min(1, { error: "must not contain an empty code" })
          .max(35, { error: "must contain language codes" }),
        {
          error: "must be a list of language codes",
        },
      )
      .max(MAX_ROLE_LANGUAGES, { error: `must have at most ${MAX_ROLE_LANGUAGES} languages` })
      .default([]),
    canPublish: z.boolean({ error: "must be true or false" }).default(false),
  })
  .refine((input) => input.role !== "translator" || input.languages.length > 0, {
    error: "a translator needs at least one language",
    path: ["languages"],
  })
  .refine((input) => input.role === "translator" || (input.languages.length === 0 && !input.canPublish), {
    error: "only a translator has languages and a publish right of their own",
    path: ["languages"],
  });
export type SetRoleInput = z.output<typeof setRoleInput>;

export const adminUserSchema = z.object({
  uid: z.string(),
  email: z.string().nullable(),
  displayName: z.string().nullable(),
  photoURL: z.string().nullable(),
  emailVerified: z.boolean(),
  role: z.enum(ROLES),
  /** A translator's language codes (empty for other roles). */
  languages: z.array(z.string()),
  canPublish: z.boolean(),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
  /** The ETag of the user's role (`UserRole`), sent as If-Match to change it (decision 0151). */
  roleEtag: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const userListResponse = z.object({ users: z.array(adminUserSchema), total: z.number().int() });
export const userResponse = z.object({ user: adminUserSchema });

/** A user's role as `GET /api/admin/users/{uid}/role` answers it; its ETag is this object's. */
export const userRoleSchema = z.object({
  uid: z.string(),
  role: z.enum(ROLES),
  languages: z.array(z.string()),
  canPublish: z.boolean(),
});
export type UserRole = z.infer<typeof userRoleSchema>;
