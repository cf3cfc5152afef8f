/** Diff parts drawn as text: removed and added runs marked in words as well as by <del>/<ins> (whose meaning screen readers may not announce). */
import type { DiffPart } from "#core/revisions.ts";
import { useAdminText } from "#app/lib/admin-text.ts";

export function DiffText({ parts }: { parts: readonly DiffPart[] }) {
  const { t } = useAdminText();
  return parts.map((part, index) =>
    part.change === "added" ? (
      <ins key={index}>
        <span className="visually-hidden">[{t("admin.diff.added")} </span>
        {part.value}
        <span className="visually-hidden">]</span>
      </ins>
    ) : part.change === "removed" ? (
      <del key={index}>
        <span className="visually-hidden">[{t("admin.diff.removed")} </span>
        {part.value}
        <span className="visually-hidden">]</span>
      </del>
    ) : (
      <span key={index}>{part.value}</span>
    ),
  );
}
