/** The site's main places in the current language: home and the two sections (for the header and the 404 page). */
import { pageNameFor } from "#core/pages.ts";
import { homePath, sectionPath } from "#core/paths.ts";
import { useShell } from "#app/lib/use-shell.ts";

export interface SiteLink {
  to: string;
  label: string;
  /** Active only on this exact address (home), not below it. */
  end: boolean;
}

export function useSiteLinks(): { home: SiteLink; articles: SiteLink | null; jobs: SiteLink | null } {
  const { t, language, sectionNames } = useShell();
  const names = sectionNames[language.id] ?? [];
  const section = (key: "ARTICLES" | "JOBS", label: string): SiteLink | null => {
    const name = pageNameFor(key, language, names);
    return name === null ? null : { to: sectionPath(language.shortCode, name), label, end: false };
  };
  return {
    home: { to: homePath(language), label: t("NAV:HOME"), end: true },
    articles: section("ARTICLES", t("NAV:ARTICLES")),
    jobs: section("JOBS", t("NAV:JOBS")),
  };
}
