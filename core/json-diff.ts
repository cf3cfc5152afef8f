// Before/after values of an audit entry, laid out as pretty JSON lines with the changed keys marked.

export type JsonLine = { text: string; changed: boolean };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** JSON text with object keys sorted, so two equal values always compare equal. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    isPlainObject(inner) ? Object.fromEntries(Object.keys(inner).sort().map((key) => [key, inner[key]])) : inner,
  );
}

/**
 * The top-level keys whose value differs between two objects, including keys
 * only one side has. A side that is absent (null) counts as an empty object, so
 * every key of a created or deleted record is "changed".
 */
export function changedKeys(before: unknown, after: unknown): Set<string> {
  const beforeObject = isPlainObject(before) ? before : before === null ? {} : null;
  const afterObject = isPlainObject(after) ? after : after === null ? {} : null;
  if (beforeObject === null || afterObject === null) return new Set();
  const keys = new Set([...Object.keys(beforeObject), ...Object.keys(afterObject)]);
  return new Set(
    [...keys].filter((key) => !(key in beforeObject) || !(key in afterObject) || canonical(beforeObject[key]) !== canonical(afterObject[key])),
  );
}

/** True when before and after differ at all (for values that are not both objects). */
export function valuesDiffer(before: unknown, after: unknown): boolean {
  return canonical(before) !== canonical(after);
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
    lines.push({ text: `  ${first}`, changed: isChanged }, ...rest.map((text) => ({ text: `  ${text}`, changed: isChanged })));
  });
  lines.push({ text: "}", changed: false });
  return lines;
}
