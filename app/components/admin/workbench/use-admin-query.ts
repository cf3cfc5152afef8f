/**
 * A GET of the admin API for a panel beside the segment being translated: sent a moment after `path` stops changing
 * (typing), the previous one cancelled; null `path`: nothing to ask. The answer is kept with the path it answers, so a
 * stale one is never shown as current.
 */
import { useEffect, useState } from "react";
import { failureMessage } from "#app/components/admin/feedback.tsx";
import { api } from "#app/lib/api-client.ts";
import { useAdminText } from "#app/lib/admin-text.ts";

const QUIET_MS = 250;

type Answer<T> = { path: string; data: T; error: null } | { path: string; data: null; error: string };

export function useAdminQuery<T>(
  path: string | null,
  couldNot: string,
): { data: T | null; error: string | null; loading: boolean } {
  const { t } = useAdminText();
  const [answer, setAnswer] = useState<Answer<T> | null>(null);
  useEffect(() => {
    if (path === null) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api.get<T>(path, { signal: controller.signal }).then(
        (data) => setAnswer({ path, data, error: null }),
        (failure: unknown) => {
          if (!controller.signal.aborted) setAnswer({ path, data: null, error: failureMessage(failure, couldNot, t) });
        },
      );
    }, QUIET_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [path, couldNot, t]);
  const current = path !== null && answer?.path === path ? answer : null;
  return { data: current?.data ?? null, error: current?.error ?? null, loading: path !== null && current === null };
}
