/**
 * Where a version stands, above its form (decision 0150): live on the site or not, and — for a live
 * version with pending changes — who saved them when, and their differences from the live text, which
 * visitors keep reading until someone publishes them. Focusable, so focus lands here after an action
 * whose button goes away (Publish, Unpublish, Discard), never on <body>.
 */
import type { Ref } from "react";
import type { AdminVersionDetail } from "#core/admin/articles/schema.ts";
import { useAdminText } from "#app/lib/admin-text.ts";
import { TextChanges } from "./diff-text.tsx";
import type { EditorLanguage } from "./editor-shared.ts";

export function VersionState({
  version,
  language,
  ref,
}: {
  version: AdminVersionDetail;
  language: EditorLanguage;
  ref: Ref<HTMLDivElement>;
}) {
  const { t, dateTime } = useAdminText();
  const pending = version.pendingChanges;
  const live = version.status === "published";
  return (
    <div ref={ref} tabIndex={-1} className="version-state">
      <p className="version-state__line">
        <strong className={`version-chip__status version-chip__status--${live ? "published" : "draft"}`}>
          {t(live ? "admin.version.state_live" : "admin.version.state_not_live")}
        </strong>{" "}
        {live && version.publishedAt
          ? t("admin.version.live_since", { at: dateTime(version.publishedAt) })
          : t(live ? "admin.version.live_text" : "admin.version.not_live_text")}
      </p>
      {live && pending && (
        <section className="pending-changes" aria-labelledby="pending-changes-title">
          <h4 id="pending-changes-title" className="pending-changes__title">
            {t("admin.version.pending_title")}
          </h4>
          <p>
            {pending.updatedBy?.name
              ? t("admin.version.pending_by", { name: pending.updatedBy.name, at: dateTime(pending.updatedAt) })
              : t("admin.version.pending_at", { at: dateTime(pending.updatedAt) })}{" "}
            {t("admin.version.pending_text")}
          </p>
          <p className="admin-field__hint">{t("admin.version.pending_legend")}</p>
          <TextChanges
            before={version}
            after={pending}
            language={language}
            bodyLabel={t("admin.version.pending_body_changes")}
            level={5}
          />
        </section>
      )}
    </div>
  );
}
