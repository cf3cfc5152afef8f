/**
 * The one error page of the site and the admin area: the status in large
 * type, a heading, a sentence and whatever helps the visitor on (sign-in
 * buttons, a search box, links). `StatusErrorBoundary` picks what to show by
 * status, so each error boundary only lists its handlers.
 */
import type { ReactNode } from "react";
import { isRouteErrorResponse, useRouteError } from "react-router";

export function errorStatus(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500;
}

/** Per-status renderers; one may return null to leave the error to `otherwise`. */
export type StatusHandlers = Partial<Record<number, (error: unknown) => ReactNode>> & {
  otherwise: (status: number, error: unknown) => ReactNode;
};

export function StatusErrorBoundary({ handlers }: { handlers: StatusHandlers }) {
  const error = useRouteError();
  const status = errorStatus(error);
  return handlers[status]?.(error) ?? handlers.otherwise(status, error);
}

interface ErrorPageProps {
  status: number;
  title: string;
  /** The document title's suffix (the site's name). */
  siteTitle: string;
  text: ReactNode;
  /** Set on the admin area's English pages inside a page of another language. */
  lang?: string;
  dir?: "ltr" | "rtl";
  /** An error read out as it appears (admin screens' messages). */
  alert?: boolean;
  children?: ReactNode;
}

export function ErrorPage({ status, title, siteTitle, text, lang, dir, alert = false, children }: ErrorPageProps) {
  return (
    <section className="error-page" lang={lang} dir={dir} aria-labelledby="error-title">
      <title>{`${title} · ${siteTitle}`}</title>
      <meta name="robots" content="noindex" />
      <p className="error-page__status">{status}</p>
      <h1 id="error-title">{title}</h1>
      <p role={alert ? "alert" : undefined}>{text}</p>
      {children}
    </section>
  );
}
