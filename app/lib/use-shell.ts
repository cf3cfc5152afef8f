/** The root loader's data (language, picker, strings) plus a translate function, for any component. */
import { useMemo } from "react";
import { useRouteLoaderData } from "react-router";
import { createTranslate, type Translate } from "../i18n/translate.ts";
import type { loader as rootLoader } from "../root.tsx";

export type ShellData = Awaited<ReturnType<typeof rootLoader>>;

export function useShell(): ShellData & { t: Translate } {
  const data = useRouteLoaderData<typeof rootLoader>("root");
  if (!data) throw new Error("useShell() needs the root loader's data");
  const t = useMemo(() => createTranslate(data.strings), [data.strings]);
  return { ...data, t };
}
