/** The root loader's data (language, picker, strings) plus translate functions, for any component. */
import { createElement, Fragment, useContext, useMemo, type ReactNode } from "react";
import { isRouteErrorResponse, useRouteError, useRouteLoaderData } from "react-router";
import { createTranslate, type MessageValues, type Translate } from "#core/i18n/translate.ts";
import {
  SHELL_USER_ELEMENT_ID,
  SHELL_VIEW_ELEMENT_ID,
  type ShellData,
  type ShellPayload,
  type ShellView,
  type SignedInUser,
} from "#core/shell.ts";
import { MarkupOnlyContext, markupText } from "./markup-only.ts";

// Each language's view is parsed once per content version (the server keeps one
// JSON text per language and version); a few are kept for switching back and forth.
const PARSED_VIEWS_KEPT = 16;
const parsedViews = new Map<string, ShellView>();

function parsedView(json: string): ShellView {
  let view = parsedViews.get(json);
  if (view) return view;
  view = JSON.parse(json) as ShellView;
  if (parsedViews.size >= PARSED_VIEWS_KEPT) parsedViews.delete(parsedViews.keys().next().value!);
  parsedViews.set(json, view);
  return view;
}

function isShellPayload(value: unknown): value is ShellPayload {
  return (
    typeof value === "object" &&
    value !== null &&
    "view" in value &&
    (typeof value.view === "string" || value.view === null)
  );
}

/**
 * The root loader's data or, when a middleware refused the request before any
 * loader ran (the admin gate), the shell its refusal carries: `{ shell }`.
 */
function useShellPayload(): ShellPayload | undefined {
  const data = useRouteLoaderData<ShellPayload>("root");
  const error = useRouteError();
  const carried: unknown =
    isRouteErrorResponse(error) && typeof error.data === "object" && error.data !== null
      ? (error.data as { shell?: unknown }).shell
      : undefined;
  return data ?? (isShellPayload(carried) ? carried : undefined);
}

/** In the browser: the JSON texts in the data blocks of the document the page was loaded as (they never change), by element id. */
const documentJson = new Map<string, string>();

/** A payload's JSON text, or the document's data block `id` when its loader data left the text there (decisions 0132, 0134). */
function jsonText(id: string, text: string | null, kept: ReadonlyMap<string, string> | null): string {
  if (text !== null) return text;
  if (kept) return markupText(id, kept);
  let read = documentJson.get(id);
  if (read === undefined) documentJson.set(id, (read = markupText(id, null)));
  return read;
}

export function useShellData(): ShellData | undefined {
  const payload = useShellPayload();
  const kept = useContext(MarkupOnlyContext);
  return useMemo(() => {
    if (!payload) return undefined;
    const { view, userJson, ...request } = payload;
    const user = JSON.parse(jsonText(SHELL_USER_ELEMENT_ID, userJson, kept) || "null") as SignedInUser | null;
    return { ...parsedView(jsonText(SHELL_VIEW_ELEMENT_ID, view, kept)), ...request, user };
  }, [payload, kept]);
}

/** The shell's data blocks (its view, its user), where this document's loader data left them to its markup. */
export function ShellDataBlocks() {
  const payload = useShellPayload();
  const kept = useContext(MarkupOnlyContext);
  if (!payload) return null;
  const block = (id: string, text: string | null) =>
    text === null &&
    createElement("script", {
      type: "application/json",
      id,
      dangerouslySetInnerHTML: { __html: jsonText(id, null, kept) },
    });
  return createElement(
    Fragment,
    null,
    block(SHELL_VIEW_ELEMENT_ID, payload.view),
    block(SHELL_USER_ELEMENT_ID, payload.userJson),
  );
}

/** A translated text as page content: wrapped in <span lang> when it was borrowed from a fallback language (decision 0085). */
export type TranslateNode = (key: string, values?: MessageValues) => ReactNode;

export function useShell(): ShellData & { t: Translate; tl: TranslateNode } {
  const data = useShellData();
  if (!data) throw new Error("useShell() needs the root loader's data");
  const borrowed = data.stringLanguages;
  const t = useMemo(
    () => createTranslate(data.strings, data.language.code, console.warn, borrowed),
    [data.strings, data.language.code, borrowed],
  );
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
