/** The root loader's data (language, picker, strings) plus a translate function, for any component. */
import { useMemo } from "react";
import { isRouteErrorResponse, useRouteError, useRouteLoaderData } from "react-router";
import { createTranslate, type Translate } from "#core/i18n/translate.ts";
import type { ShellData } from "#core/shell.ts";

/**
 * The root loader's data or, when a middleware refused the request before any
 * loader ran (the admin gate), the shell its refusal carries: `{ shell }`.
 */
export function useShellData(): ShellData | undefined {
  const data = useRouteLoaderData<ShellData>("root");
  const error = useRouteError();
  if (data) return data;
  const carried: unknown = isRouteErrorResponse(error) && typeof error.data === "object" && error.data !== null ? (error.data as { shell?: unknown }).shell : undefined;
  return typeof carried === "object" && carried !== null && "strings" in carried ? (carried as ShellData) : undefined;
}

export function useShell(): ShellData & { t: Translate } {
  const data = useShellData();
  if (!data) throw new Error("useShell() needs the root loader's data");
  const t = useMemo(() => createTranslate(data.strings, data.language.code), [data.strings, data.language.code]);
  return { ...data, t };
}
