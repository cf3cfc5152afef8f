/** /{lang}/preview/{token}: a signed draft-preview link (server/content/preview.ts), for anyone holding it. */
import { data, redirect } from "react-router";
import { ArticlePage } from "#app/components/pages/article-page.tsx";
import { TranslatedErrorPage } from "#app/components/translated-error-page.tsx";
import { useShell } from "#app/lib/use-shell.ts";
import { servicesContext } from "#server/content/context.ts";
import { pageReads } from "#server/content/page-reads.ts";
import { PREVIEW_HEADERS, previewPage } from "#server/content/preview.ts";
import type { Route } from "./+types/preview";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { database, config } = context.get(servicesContext);
  const page = await previewPage(pageReads(context), database.db, config, params.token, params.lang);
  if (page.kind === "redirect") throw redirect(page.path, { headers: PREVIEW_HEADERS });
  // A refusal is returned, not thrown, so it keeps these headers too (a thrown one's are dropped).
  return data(page, { status: page.kind === "refused" ? page.status : 200, headers: PREVIEW_HEADERS });
}

/** No cache keeps a preview, no search engine indexes one, refusals included. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function PreviewRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useShell();
  if (loaderData.kind === "refused") return <TranslatedErrorPage status={loaderData.status} titleKey="PREVIEW:INVALID_TITLE" textKey="PREVIEW:INVALID_TEXT" />;
  return (
    <>
      <meta name="robots" content="noindex, nofollow" />
      <p className="preview-banner" role="status">
        {t("PREVIEW:BANNER")}
      </p>
      <ArticlePage view={loaderData.view} />
    </>
  );
}
