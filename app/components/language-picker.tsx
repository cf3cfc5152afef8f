/**
 * The language picker: a button named "Language" (translated; only its globe
 * shows on phones) opening a list of links, one per enabled language, each to
 * the same place in that language. Plain links in a header menu: works with
 * keyboard, screen readers and before hydration.
 */
import { isRouteErrorResponse, Link, useLocation, useMatches, useRouteError } from "react-router";
import { api } from "#app/lib/api-client.ts";
import { switchLanguageTarget, type CurrentPage, type SwitchDestination } from "#core/language-switch.ts";
import { saveLanguageChoice } from "#app/lib/saved-language.ts";
import { useShell } from "#app/lib/use-shell.ts";
import { HeaderMenu } from "./header-menu.tsx";

const MENU_ID = "language-menu";

function hasCurrentPage(data: unknown): data is { page: CurrentPage } {
  return typeof data === "object" && data !== null && "page" in data;
}

/**
 * The deepest route's description of where the visitor is (section, item, or nowhere); on an
 * error page, the one its error carries (an article missing in this language, decision 0085).
 */
export function useCurrentPage(): CurrentPage {
  const matches = useMatches();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && hasCurrentPage(error.data)) return error.data.page;
  for (let index = matches.length - 1; index >= 0; index--) {
    const data = matches[index]?.loaderData;
    if (hasCurrentPage(data)) return data.page;
  }
  return { kind: "none" };
}

function logLanguageSwitch(languageId: number) {
  api.post("/api/analytics/events", { name: `lang_${languageId}` }).catch((error: unknown) => {
    console.warn("Analytics event not recorded", error);
  });
}

/** The translation key saying that the current item is missing in a language and where its link goes instead (its section's list or the home page). */
function destinationNote(destination: Exclude<SwitchDestination, "same">, page: CurrentPage): string {
  return destination === "home" || page.kind === "none"
    ? "LANGUAGE:UNAVAILABLE_HOME"
    : `LANGUAGE:UNAVAILABLE_${page.section}`;
}

export function LanguagePicker() {
  const { t, tl, language: currentLanguage, languages, sectionNames } = useShell();
  const currentPage = useCurrentPage();
  const { search } = useLocation();
  return (
    <HeaderMenu
      id={MENU_ID}
      className="language-picker"
      name={t("LANGUAGE:PICKER")}
      label={
        <>
          <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" focusable="false">
            <path
              fill="currentColor"
              d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm6.9 6h-2.9a15.7 15.7 0 0 0-1.4-3.6A8 8 0 0 1 18.9 8ZM12 4a13.8 13.8 0 0 1 1.9 4h-3.8A13.8 13.8 0 0 1 12 4ZM4.3 14a8.2 8.2 0 0 1 0-4h3.3a16.5 16.5 0 0 0 0 4H4.3Zm.8 2h2.9a15.7 15.7 0 0 0 1.4 3.6A8 8 0 0 1 5.1 16ZM8 8H5.1a8 8 0 0 1 4.3-3.6A15.7 15.7 0 0 0 8 8Zm4 12a13.8 13.8 0 0 1-1.9-4h3.8A13.8 13.8 0 0 1 12 20Zm2.3-6H9.7a14.7 14.7 0 0 1 0-4h4.6a14.7 14.7 0 0 1 0 4Zm.3 5.6a15.7 15.7 0 0 0 1.4-3.6h2.9a8 8 0 0 1-4.3 3.6ZM16.4 14a16.5 16.5 0 0 0 0-4h3.3a8.2 8.2 0 0 1 0 4h-3.3Z"
            />
          </svg>
          <span className="header-menu__label">{tl("LANGUAGE:PICKER")}</span>
        </>
      }
    >
      <ul>
        {languages.map((language) => {
          const target = switchLanguageTarget(currentPage, language, sectionNames[language.id] ?? [], search);
          const noteId = `${MENU_ID}-note-${language.id}`;
          const note = target.destination === "same" ? null : destinationNote(target.destination, currentPage);
          return (
            <li key={language.id} className={note ? "language-picker__unavailable" : undefined}>
              <Link
                to={target.path}
                lang={language.code}
                hrefLang={language.code}
                dir={language.dir}
                data-language-id={language.id}
                data-short-code={language.shortCode}
                aria-current={language.id === currentLanguage.id ? "true" : undefined}
                aria-describedby={note ? noteId : undefined}
                onClick={(event) => {
                  event.currentTarget.closest<HTMLElement>("[popover]")?.hidePopover();
                  if (language.id === currentLanguage.id) return;
                  saveLanguageChoice(language);
                  logLanguageSwitch(language.id);
                }}
              >
                {language.label}
              </Link>
              {/* In the page's language, outside the link: what is missing and where the link goes instead. */}
              {note && (
                <span id={noteId} className="language-picker__note">
                  {tl(note)}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </HeaderMenu>
  );
}
