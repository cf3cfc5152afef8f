/**
 * A value computed once per immutable copy (a resident copy, its translations) and key:
 * a new copy, after an edit, starts afresh, and the old copy's values go with it.
 */
export function memoizedPerCopy<Copy extends object, T>(
  compute: (copy: Copy, key: string) => T,
): (copy: Copy, key: string) => T {
  const byCopy = new WeakMap<Copy, Map<string, T>>();
  return (copy, key) => {
    let byKey = byCopy.get(copy);
    if (!byKey) {
      byKey = new Map();
      byCopy.set(copy, byKey);
    }
    let value = byKey.get(key);
    if (value === undefined) {
      value = compute(copy, key);
      byKey.set(key, value);
    }
    return value;
  };
}
