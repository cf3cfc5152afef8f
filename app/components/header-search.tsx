/**
 * The header's search box (docs/decisions/0090-search-feeds-and-tags.md): a plain GET form
 * to the language's search page, so it works before hydration too. On wide screens it sits in
 * the bar; on phones a magnifier button opens it as a popover (the compact header of decision
 * 0040), and the field takes the focus when it opens.
 */
import { useEffect, useRef } from "react";
import { Form } from "react-router";
import { pageNameFor } from "#core/pages.ts";
import { sectionPath } from "#core/paths.ts";
import { useShell } from "#app/lib/use-shell.ts";

const PANEL_ID = "header-search-panel";
/** The longest search the server uses (SEARCH_MAX_CHARACTERS); the field stops there. */
const MAX_LENGTH = 200;

function MagnifierIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" focusable="false">
      <path
        fill="currentColor"
        d="M10 3a7 7 0 0 1 5.6 11.2l5.1 5.1-1.4 1.4-5.1-5.1A7 7 0 1 1 10 3Zm0 2a5 5 0 1 0 0 10 5 5 0 0 0 0-10Z"
      />
    </svg>
  );
}

export function HeaderSearch() {
  const { t, language, sectionNames } = useShell();
  const panelRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const name = pageNameFor("SEARCH", language, sectionNames[language.id] ?? []);

  useEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    const focusField = (event: Event) => {
      if ((event as ToggleEvent).newState === "open") inputRef.current?.focus();
    };
    panel.addEventListener("toggle", focusField);
    return () => panel.removeEventListener("toggle", focusField);
  }, []);

  // A language without a search page name (an older database) shows no box.
  if (name === null) return null;
  return (
    <div className="header-search">
      <button type="button" className="header-search__toggle" popoverTarget={PANEL_ID}>
        <MagnifierIcon />
        <span className="visually-hidden">{t("SEARCH:TITLE")}</span>
      </button>
      <div id={PANEL_ID} ref={panelRef} popover="auto" className="header-search__panel">
        <Form
          action={sectionPath(language.shortCode, name)}
          method="get"
          role="search"
          aria-label={t("SEARCH:REGION")}
          className="header-search__form"
          onSubmit={() => panelRef.current?.matches(":popover-open") && panelRef.current.hidePopover()}
        >
          <label htmlFor="header-search-field" className="visually-hidden">
            {t("SEARCH:INPUT")}
          </label>
          <input
            ref={inputRef}
            id="header-search-field"
            type="search"
            name="q"
            maxLength={MAX_LENGTH}
            autoComplete="off"
            enterKeyHint="search"
            placeholder={t("SEARCH:TITLE")}
          />
          <button type="submit" className="header-search__submit">
            <MagnifierIcon />
            <span className="visually-hidden">{t("SEARCH:BUTTON")}</span>
          </button>
        </Form>
      </div>
    </div>
  );
}
