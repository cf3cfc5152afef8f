/** Where autosave stands (decision 0214), said politely to screen readers as it changes: "Saving…", "Saved at 14:05"… */
import { useAdminText } from "#app/lib/admin-text.ts";
import type { AutosaveState } from "./use-autosave.ts";

export function AutosaveStatus({ status, dirty }: { status: AutosaveState; dirty: boolean }) {
  const { t, lang } = useAdminText();
  let text = "";
  if (status.state === "saving") text = t("admin.workbench.autosave_saving");
  else if (status.state === "refused") text = t("admin.workbench.autosave_refused");
  else if (status.state === "failed") text = t("admin.workbench.autosave_failed", { reason: status.message });
  else if (dirty && status.state === "invalid") text = t("admin.workbench.autosave_invalid");
  else if (dirty) text = t("admin.workbench.autosave_unsaved");
  else if (status.state === "saved")
    text = t("admin.workbench.autosave_saved", {
      time: new Intl.DateTimeFormat(lang, { hour: "2-digit", minute: "2-digit" }).format(new Date(status.at)),
    });
  return (
    <p className={`autosave-status autosave-status--${status.state}`} role="status">
      {text}
    </p>
  );
}
