/** The root loader's data (language, picker, strings) plus translate functions, for any component. */
import { createElement, useMemo, type ReactNode } from "react";
import { isRouteErrorResponse, useRouteError, useRouteLoaderData } from "react-router";
import { createTranslate, type MessageValues, type Translate } from "#core/i18n/translate.ts";
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

/** A translated text as page content: wrapped in <span lang> when it was borrowed from a fallback language (decision 0085). */
export type TranslateNode = (key: string, values?: MessageValues) => ReactNode;

export function useShell(): ShellData & { t: Translate; tl: TranslateNode } {
  const data = useShellData();
  if (!data) throw new Error("useShell() needs the root loader's data");
  const borrowed = data.stringLanguages;
  const t = useMemo(() => createTranslate(data.strings, data.language.code, console.warn, borrowed), [data.strings, data.language.code, borrowed]);
  const tl = useMemo<TranslateNode>(
    () => (key, values) => {
      const text = t(key, values);
      const lang = borrowed[key];
      return lang === undefined ? text : createElement("span", { lang }, text);
    },
    [t, borrowed],
  );
  return { ...data, t, tl };
}
