/**
 * "Ada is editing" (decision 0152): the editor says every HEARTBEAT_SECONDS that its person has a
 * language version open; someone counts as present while their last heartbeat is younger than
 * PRESENCE_WINDOW_SECONDS — three heartbeats, so one late or lost request does not make them vanish,
 * and a closed tab that could not say goodbye drops out within a minute.
 */
import { z } from "zod";

export const HEARTBEAT_SECONDS = 20;
export const PRESENCE_WINDOW_SECONDS = 60;

/** Another person with the same version open. */
const presentEditorSchema = z.object({
  uid: z.string(),
  /** Their display name, else their email, else their user id: what the editor shows. */
  name: z.string(),
  /** Their last heartbeat (ISO time). */
  seenAt: z.string(),
});
export type PresentEditor = z.infer<typeof presentEditorSchema>;

/** The answer of a heartbeat: the others present, by name. */
export const versionPresenceSchema = z.object({ others: z.array(presentEditorSchema) });
export type VersionPresence = z.infer<typeof versionPresenceSchema>;

/** The oldest heartbeat that still counts at `now` (ISO time, comparable as text with stored ones). */
export function presenceCutoff(now: Date): string {
  return new Date(now.getTime() - PRESENCE_WINDOW_SECONDS * 1000).toISOString();
}
