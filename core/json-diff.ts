// Before/after values of an audit entry, laid out as pretty JSON lines with the changed keys marked.
import diff from "microdiff";

export type JsonLine = { text: string; changed: boolean };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The top-level keys whose value differs between two objects, including keys
 * only one side has, compared deeply by microdiff (key order inside nested
 * objects does not count, array order does). A side that is absent (null)
 * counts as an empty object, so every key of a created or deleted record is "changed".
 */
export function changedKeys(before: unknown, after: unknown): Set<string> {
  const beforeObject = isPlainObject(before) ? before : before === null ? {} : null;
  const afterObject = isPlainObject(after) ? after : after === null ? {} : null;
  if (beforeObject === null || afterObject === null) return new Set();
  return new Set(diff(beforeObject, afterObject).map((difference) => String(difference.path[0])));
}

/** True when before and after differ at all (for values that are not both objects). */
export function valuesDiffer(before: unknown, after: unknown): boolean {
  const comparable =
    typeof before === "object" &&
    before !== null &&
    typeof after === "object" &&
    after !== null &&
    Array.isArray(before) === Array.isArray(after);
  return comparable
    ? diff(before as Record<string, unknown>, after as Record<string, unknown>).length > 0
    : !Object.is(before, after);
}

/**
 * `value` as two-space-indented JSON lines. For an object, each top-level
 * property's lines are marked changed when its key is in `changed`; any other
 * value is marked as a whole by `wholeChanged`.
 */
export function jsonLines(value: unknown, changed: ReadonlySet<string>, wholeChanged = false): JsonLine[] {
  if (!isPlainObject(value) || Object.keys(value).length === 0) {
    return (JSON.stringify(value, null, 2) ?? "null").split("\n").map((text) => ({ text, changed: wholeChanged }));
  }
  const entries = Object.entries(value);
  const lines: JsonLine[] = [{ text: "{", changed: false }];
  entries.forEach(([key, inner], index) => {
    const comma = index < entries.length - 1 ? "," : "";
    const [first, ...rest] = `${JSON.stringify(key)}: ${JSON.stringify(inner, null, 2)}${comma}`.split("\n");
    const isChanged = changed.has(key);
    lines.push(
      { text: `  ${first}`, changed: isChanged },
      ...rest.map((text) => ({ text: `  ${text}`, changed: isChanged })),
    );
  });
  lines.push({ text: "}", changed: false });
  return lines;
}
