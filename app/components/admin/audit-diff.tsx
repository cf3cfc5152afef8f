/**
 * An audit entry's values before and after, side by side as pretty JSON, the
 * changed properties marked (<del> before, <ins> after, so screen readers
 * announce them too, not only by colour).
 */
import { changedKeys, jsonLines, valuesDiffer, type JsonLine } from "#core/json-diff.ts";

function JsonColumn({ title, lines, mark }: { title: string; lines: JsonLine[]; mark: "del" | "ins" }) {
  const Mark = mark;
  return (
    <div className="audit-diff__side">
      <h3 className="audit-diff__title">{title}</h3>
      <pre className="audit-diff__json">
        <code>
          {lines.map((line, index) =>
            line.changed ? (
              <Mark key={index} className={`audit-diff__line audit-diff__line--${mark}`}>
                {line.text}
                {"\n"}
              </Mark>
            ) : (
              <span key={index} className="audit-diff__line">
                {line.text}
                {"\n"}
              </span>
            ),
          )}
        </code>
      </pre>
    </div>
  );
}

/** The names of the changed properties, for the row's one-line summary. */
export function changeSummary(before: unknown, after: unknown): string {
  const keys = [...changedKeys(before, after)];
  if (keys.length > 0) return `Changed: ${keys.join(", ")}`;
  return valuesDiffer(before, after) ? "Changed value" : "No recorded difference";
}

export function AuditDiff({ before, after }: { before: unknown; after: unknown }) {
  const changed = changedKeys(before, after);
  const wholeChanged = changed.size === 0 && valuesDiffer(before, after);
  return (
    <div className="audit-diff">
      <JsonColumn title="Before" lines={before === null ? [{ text: "(none)", changed: false }] : jsonLines(before, changed, wholeChanged)} mark="del" />
      <JsonColumn title="After" lines={after === null ? [{ text: "(none)", changed: false }] : jsonLines(after, changed, wholeChanged)} mark="ins" />
    </div>
  );
}
