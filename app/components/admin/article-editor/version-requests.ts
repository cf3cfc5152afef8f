/** What the publication and history panels share: the version's API address, a JSON read that follows the version, and local times. */
import { useEffect, useState } from "react";
import { api } from "#app/lib/api-client.ts";
import { failureMessage } from "#app/components/admin/feedback.tsx";
import { ARTICLES_API } from "./editor-shared.ts";
import { useAdminText } from "#app/lib/admin-text.ts";

export function versionApi(articleId: number, code: string): string {
  return `${ARTICLES_API}/${articleId}/versions/${encodeURIComponent(code)}`;
}

/**
 * GETs `path` in the browser and again whenever `path` or `version` (what the
 * version looks like now) changes; `reload` refetches. Loaded after hydration,
 * so times are formatted in the editor's own time zone. `couldNot` is the admin
 * text shown when the read fails ("Could not load the history"). `current`: the
 * data was read for the version as the page shows it now, not for an older one.
 */
export function useVersionData<T>(path: string | null, version: string, couldNot: string) {
  const [read, setRead] = useState<{ data: T; version: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);
  const { t } = useAdminText();
  useEffect(() => {
    if (path === null) return;
    const controller = new AbortController();
    api.get<T>(path, { signal: controller.signal }).then(
      (result) => {
        setRead({ data: result, version });
        setError(null);
      },
      (failure: unknown) => {
        if (!controller.signal.aborted) setError(failureMessage(failure, t(couldNot), t));
      },
    );
    return () => controller.abort();
  }, [path, version, generation, couldNot, t]);
  return {
    data: read?.data ?? null,
    current: read?.version === version,
    error,
    reload: () => setGeneration((current) => current + 1),
  };
}

/** "23 Nov 2026, 14:05 CET": a moment in the editor's time zone, in the admin's language. */
export function localMoment(iso: string, lang: string): string {
  // Field by field: dateStyle/timeStyle cannot be combined with timeZoneName.
  return new Intl.DateTimeFormat(lang, {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(new Date(iso));
}

/** The editor's time zone, as its settings name it ("Europe/Paris"). */
export function editorTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
