/**
 * "Ada is editing" (decision 0152): while the editor shows a version it says so to the server every
 * HEARTBEAT_SECONDS and shows who else has the same version open; leaving the version (another
 * language, another screen) says goodbye. A closed tab cannot always say it: its record stops counting
 * after PRESENCE_WINDOW_SECONDS. A failed heartbeat shows nothing new: the next one tries again.
 */
import { useEffect, useState } from "react";
import { HEARTBEAT_SECONDS, type PresentEditor, type VersionPresence } from "#core/admin/presence/schema.ts";
import { api } from "#app/lib/api-client.ts";
import { useAdminText } from "#app/lib/admin-text.ts";
import { versionApi } from "./version-requests.ts";

function usePresence(articleId: number, code: string): PresentEditor[] {
  const [others, setOthers] = useState<PresentEditor[]>([]);
  useEffect(() => {
    const path = `${versionApi(articleId, code)}/presence`;
    const controller = new AbortController();
    const beat = () =>
      api.put<VersionPresence>(path, {}, { signal: controller.signal }).then(
        (presence) => setOthers(presence.others),
        () => undefined,
      );
    void beat();
    const timer = setInterval(() => void beat(), HEARTBEAT_SECONDS * 1000);
    return () => {
      clearInterval(timer);
      controller.abort();
      setOthers([]);
      void api.delete(path).catch(() => undefined);
    };
  }, [articleId, code]);
  return others;
}

/** Who else has this version open, in a polite live region (announced when someone arrives or leaves). */
export function VersionPresenceNotice({
  articleId,
  code,
  languageLabel,
}: {
  articleId: number;
  code: string;
  languageLabel: string;
}) {
  const others = usePresence(articleId, code);
  const { t, lang } = useAdminText();
  const names = new Intl.ListFormat(lang, { type: "conjunction" }).format(others.map((other) => other.name));
  return (
    <div className="version-presence" aria-live="polite">
      {others.length > 0 && (
        <p className="version-presence__text">
          <span aria-hidden="true" className="version-presence__dot" />
          {t("admin.presence.editing", { names, count: others.length, language: languageLabel })}
        </p>
      )}
    </div>
  );
}
