/**
 * The "machine" mark of segments (decision 0218): a segment is marked while its text is exactly a machine suggestion
 * the translator took; the first edit makes it theirs. A save counts the marked segments of the body it sends.
 */
import { splitMarkdown } from "./split.ts";

/** Whether a row's text is still a machine suggestion as taken. */
export const isMachineText = (text: string, taken: ReadonlySet<string>): boolean => text !== "" && taken.has(text);

/** How many of `body`'s segments are machine suggestions as taken (`taken`: the suggestions' texts). */
export function machineSegmentsIn(body: string, taken: ReadonlySet<string>): number {
  if (taken.size === 0) return 0;
  return splitMarkdown(body).segments.filter((segment) => isMachineText(segment.text, taken)).length;
}
