/** What the users admin API accepts and answers (/admin/users). */
import { z } from "zod";

export const MAX_USER_SEARCH_CHARS = 200;

export const listUsersQuery = z.object({
  q: z.string().trim().max(MAX_USER_SEARCH_CHARS, { error: `must be at most ${MAX_USER_SEARCH_CHARS} characters` }).default(""),
});

export const uidParam = z.string().min(1, { error: "is required" }).max(255, { error: "is not a user of this site" });

export const setAdminInput = z.strictObject({
  isAdmin: z.boolean({ error: "must be true or false" }),
});

export interface AdminUser {
  uid: string;
  email: string | null;
  displayName: string | null;
  photoURL: string | null;
  emailVerified: boolean;
  isAdmin: boolean;
  createdAt: string;
  lastSignInAt: string | null;
}
