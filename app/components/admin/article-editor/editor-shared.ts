/** What the article editor's parts share: the API root, the language they edit in, media props and the "discard edits" navigation state. */
import type { MediaByID } from "#app/components/admin/media/editor-images.tsx";
import type { MediaItem } from "#app/components/admin/media/upload.ts";
import type { UploadLimits } from "#app/components/admin/media/upload-zone.tsx";
import type { LanguageRef } from "#core/types.ts";

export const ARTICLES_API = "/api/admin/articles";

/** A language as the editor shows it. */
export interface EditorLanguage extends Pick<LanguageRef, "code" | "label" | "dir" | "enabled" | "favorite"> {
  /** Where this language's articles live ("/ar/مقالات", decoded for reading); null if the language has no such section. */
  articlesPath: string | null;
}

/** The images the editor knows and how to add one: shared by the details form and the version form. */
export interface EditorMediaProps {
  media: MediaByID;
  mediaLimits: UploadLimits;
  onMedia: (item: MediaItem) => void;
}

/** Navigation state after a deletion: the edits are gone with what was deleted, so leaving is not blocked. */
export const DISCARDING = { discardEdits: true };
export const isDiscarding = (state: unknown) => typeof state === "object" && state !== null && "discardEdits" in state;

/** The ETag a write of a version names: If-Match the one read, or If-None-Match: * to create the version. */
export function versionPrecondition(etag: string | null): { ifMatch: string } | { ifNoneMatch: "*" } {
  return etag === null ? { ifNoneMatch: "*" } : { ifMatch: etag };
}
