import { ErrorPage } from "./error-page.tsx";
import { useSiteLinks } from "./site-links.ts";
import { useShell } from "#app/lib/use-shell.ts";

/** The error page in the visitor's language, from two UI strings, with a link home. */
export function TranslatedErrorPage({
  status,
  titleKey,
  textKey,
}: {
  status: number;
  titleKey: string;
  textKey: string;
}) {
  const { t } = useShell();
  const { home } = useSiteLinks();
  return (
    <ErrorPage status={status} title={t(titleKey)} siteTitle={t("SITE:TITLE")} text={t(textKey)}>
      <p>
        <a href={home.to}>{t("NOTFOUND:HOME")}</a>
      </p>
    </ErrorPage>
  );
}
