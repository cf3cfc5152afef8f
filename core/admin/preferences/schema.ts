/** The signed-in person's own admin settings (decision 0076): the language the admin area is shown in. */
import { z } from "zod";

export const adminPreferencesInput = z.strictObject({
  /** A language code of this site (enabled or not: a translator may prepare one), or null for the public language they came from. */
  adminLanguage: z
    .string({ error: "must be a language code or null" })
    .trim()
    .min(1, "must not be empty")
    .max(35, "is too long for a language code")
    .nullable(),
});

export type AdminPreferencesInput = z.output<typeof adminPreferencesInput>;

export const adminPreferencesSchema = z.object({ adminLanguage: z.string().nullable() });
export type AdminPreferences = z.infer<typeof adminPreferencesSchema>;

export const ADMIN_PREFERENCES_API = "/api/admin/preferences";
