/** The text a version form edits: its fields, their labels, and how the slug follows the title. */
import { versionInput, type VersionInput } from "#core/admin/articles/schema.ts";
import { slugify } from "#core/text.ts";
import type { SchemaCheck } from "#app/components/admin/admin-form.ts";
import type { VersionText } from "./diff-text.tsx";

/** Each field of the form and the admin text of its label. */
export const VERSION_TEXT_KEYS: Record<keyof VersionText, string> = {
  title: "admin.common.title",
  slug: "admin.history.slug",
  summary: "admin.common.summary",
  body: "admin.common.body",
  coverAlt: "admin.common.cover_alt",
};
export const VERSION_FIELDS = [
  "title",
  "slug",
  "summary",
  "body",
  "coverAlt",
] as const satisfies readonly (keyof VersionText)[];

export const sameText = (a: VersionText, b: VersionText) => VERSION_FIELDS.every((field) => a[field] === b[field]);

/**
 * What a save sends: the text with the status it asks for, the source revision a translation was made from, and how
 * many of its segments are machine suggestions as taken (decision 0218; left out when none).
 */
export function versionBody(
  text: VersionText,
  status: VersionInput["status"],
  sourceRevision: number | null,
  machineSegments = 0,
) {
  return {
    ...text,
    status,
    ...(sourceRevision !== null && { sourceRevision }),
    ...(machineSegments > 0 && { machineSegments }),
  };
}

/** The form's check: the API's own schema on the text as a draft save would send it (the status changes no rule of the text). */
export const versionCheck: SchemaCheck<VersionText> = {
  schema: versionInput,
  toInput: (text) => versionBody(text, "draft", null),
};

/** Whether a stored slug counts as edited by hand: it is not the one its title makes. */
export const slugEditedIn = (text: VersionText) => text.slug !== slugify(text.title);

/** The slug once the title is changed: the title's own while the slug follows it (empty for an empty title), else as it was. */
export function slugForTitle(title: string, slug: string, slugEdited: boolean): string {
  if (slugEdited) return slug;
  return title.trim() === "" ? "" : slugify(title);
}

/** The address the slug field shows: the typed slug, else the title's, else "…". */
export function addressSlug(text: Pick<VersionText, "title" | "slug">): string {
  return text.slug || (text.title.trim() === "" ? "…" : slugify(text.title));
}
