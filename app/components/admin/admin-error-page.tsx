/**
 * The admin's error pages in the admin's language: a failed or refused screen inside the admin bar
 * (routes/admin/screen.tsx), and the layout's own failure (routes/admin/layout.tsx).
 */
import { isRouteErrorResponse, Link } from "react-router";
import { ErrorPage } from "#app/components/error-page.tsx";
import { useAdminText, useOptionalAdminText } from "#app/lib/admin-text.ts";
import { useShellData } from "#app/lib/use-shell.ts";
import { errorPageLanguage } from "#core/i18n/admin-error-page.ts";

export function AdminErrorPage({ status, error }: { status: number; error: unknown }) {
  // The layout's own loader may be what failed: then its catalog is missing, and the page reads
  // the few texts the root loader sent in the admin's language, or their English source (decision 0120).
  const { t, lang, dir } = errorPageLanguage(useOptionalAdminText(), useShellData()?.adminErrorPage);
  const body: unknown = isRouteErrorResponse(error) ? error.data : null;
  const message =
    typeof body === "object" && body !== null && "message" in body && typeof body.message === "string"
      ? body.message
      : null;
  const notFound = status === 404;
  return (
    <ErrorPage
      status={status}
      title={t(notFound ? "admin.error.not_found_title" : "admin.error.title")}
      siteTitle={t("admin.layout.title")}
      text={message ?? t(notFound ? "admin.error.not_found_text" : "admin.error.text")}
      lang={lang}
      dir={dir}
      alert
    />
  );
}

/** A screen the person's role lacks, shown inside the admin bar, which lists the screens they may open (decision 0153). */
export function RefusedScreen() {
  const { t } = useAdminText();
  return (
    <ErrorPage
      status={403}
      title={t("admin.error.refused_title")}
      siteTitle={t("admin.layout.title")}
      text={t("admin.error.refused_text")}
    >
      <p>
        <Link to="/admin">{t("admin.error.to_dashboard")}</Link>
      </p>
    </ErrorPage>
  );
}
