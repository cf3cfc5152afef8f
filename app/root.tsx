import "./lib/zod-in-browser.ts";
import { useEffect, type ReactNode } from "react";
import { Links, Meta, NavLink, Outlet, Scripts, ScrollRestoration, type ShouldRevalidateFunctionArgs } from "react-router";
import { pageShellData } from "#server/http/page-shell.ts";
import type { Route } from "./+types/root";
import { AccountMenu } from "./components/account-menu.tsx";
import { adminGateHandlers } from "./components/admin-gate.tsx";
import { ErrorPage, StatusErrorBoundary } from "./components/error-page.tsx";
import { LanguagePicker } from "./components/language-picker.tsx";
import { PageViewBeacon } from "./components/page-view-beacon.tsx";
import { NotFoundPage } from "./components/not-found-page.tsx";
import { useSiteLinks } from "./components/site-links.ts";
import { restoreLanguageChoice } from "./lib/saved-language.ts";
import { createTranslate, type Strings } from "#core/i18n/translate.ts";
import { useFocusOnNavigation } from "#app/lib/use-focus-on-navigation.ts";
import { useShell, useShellData } from "./lib/use-shell.ts";
import { ToastProvider } from "./toast/context.tsx";
import { Toaster } from "./toast/toaster.tsx";
import "./styles/app.css";
import "./toast/toast.css";

export async function loader({ params, context }: Route.LoaderArgs) {
  return pageShellData(context, params.lang);
}

// The shell only changes with the language, the signed-in user or after a submission.
export function shouldRevalidate({ currentUrl, nextUrl, currentParams, nextParams, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  // revalidate() keeps the URL: it follows a sign-in or sign-out, so the user may have changed.
  if (currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  return currentParams.lang?.toLowerCase() !== nextParams.lang?.toLowerCase();
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useShellData();
  return (
    <html lang={data?.language.code ?? "en-US"} dir={data?.language.dir ?? "ltr"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1f3a5f" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body>
        {/* Around the app and its error pages alike, so a toast survives the switch between them. */}
        <ToastProvider>
          {children}
          {data && <SiteToaster strings={data.strings} locale={data.language.code} />}
        </ToastProvider>
        <ScrollRestoration nonce={data?.nonce} />
        <Scripts nonce={data?.nonce} />
      </body>
    </html>
  );
}

function SiteToaster({ strings, locale }: { strings: Strings; locale: string }) {
  const t = createTranslate(strings, locale);
  return <Toaster regionLabel={t("TOAST:REGION")} dismissLabel={t("TOAST:DISMISS")} />;
}

function SiteHeader() {
  const { t } = useShell();
  const { home, articles, jobs } = useSiteLinks();
  const links = [home, articles, jobs].filter((link) => link !== null);
  return (
    <header className="site-header">
      <a className="skip-link" href="#content">
        {t("NAV:SKIP")}
      </a>
      <div className="site-header__inner">
        <a className="site-title" href={home.to}>
          <span className="site-title__mark" aria-hidden="true">
            P
          </span>
          {t("SITE:TITLE")}
        </a>
        <nav aria-label={t("NAV:MAIN")} className="site-nav">
          <ul>
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.end}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-header__tools">
          <LanguagePicker />
          <AccountMenu />
        </div>
      </div>
    </header>
  );
}

function SiteFooter() {
  const { t } = useShell();
  return (
    <footer className="site-footer">
      <p>{t("FOOTER:ABOUT")}</p>
      <p>{t("JOBS:SOURCE")}</p>
    </footer>
  );
}

function Page({ children }: { children: ReactNode }) {
  const { languages } = useShell();
  useEffect(() => restoreLanguageChoice(languages.map((language) => language.id)), [languages]);
  useFocusOnNavigation();
  return (
    <>
      <SiteHeader />
      <main id="content" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
      <PageViewBeacon />
    </>
  );
}

export default function App() {
  return (
    <Page>
      <Outlet />
    </Page>
  );
}

function TranslatedErrorPage({ status, titleKey, textKey }: { status: number; titleKey: string; textKey: string }) {
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

export function ErrorBoundary() {
  const shell = useShellData();
  if (!shell) {
    // The shell itself failed: nothing translated is available, so say it plainly.
    return (
      <main id="content">
        <h1>Something went wrong</h1>
      </main>
    );
  }
  return (
    <Page>
      <StatusErrorBoundary
        handlers={{
          ...adminGateHandlers,
          400: () => <TranslatedErrorPage status={400} titleKey="BADREQUEST:TITLE" textKey="BADREQUEST:TEXT" />,
          404: () => <NotFoundPage />,
          otherwise: (status) => <TranslatedErrorPage status={status} titleKey="ERROR:TITLE" textKey="ERROR:TEXT" />,
        }}
      />
    </Page>
  );
}
