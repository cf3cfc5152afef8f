/**
 * An audit entry's values before and after, side by side as pretty JSON, the
 * changed properties marked (<del> before, <ins> after, so screen readers
 * announce them too, not only by colour).
 */
import { changedKeys, jsonLines, valuesDiffer, type JsonLine } from "#core/json-diff.ts";
import type { Translate } from "#core/i18n/translate.ts";
import { useAdminText } from "#app/lib/admin-text.ts";

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
export function changeSummary(before: unknown, after: unknown, t: Translate): string {
  const keys = [...changedKeys(before, after)];
  if (keys.length > 0) return t("admin.audit.changed", { keys: keys.join(", ") });
  return t(valuesDiffer(before, after) ? "admin.audit.changed_value" : "admin.audit.no_difference");
}

export function AuditDiff({ before, after }: { before: unknown; after: unknown }) {
  const changed = changedKeys(before, after);
  const wholeChanged = changed.size === 0 && valuesDiffer(before, after);
  const { t } = useAdminText();
  const none = [{ text: t("admin.audit.none"), changed: false }];
  return (
    <div className="audit-diff">
      <JsonColumn
        title={t("admin.audit.before")}
        lines={before === null ? none : jsonLines(before, changed, wholeChanged)}
        mark="del"
      />
      <JsonColumn
        title={t("admin.audit.after")}
        lines={after === null ? none : jsonLines(after, changed, wholeChanged)}
        mark="ins"
      />
    </div>
  );
}
