import { useEffect, type ReactNode } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  NavLink,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { pageShellData } from "#server/http/page-shell.ts";
import type { Route } from "./+types/root";
import { AccountMenu } from "./components/account-menu.tsx";
import { AdminGate, adminGateStatus } from "./components/admin-gate.tsx";
import { LanguagePicker } from "./components/language-picker.tsx";
import { PageViewBeacon } from "./components/page-view-beacon.tsx";
import { homePath } from "#core/paths.ts";
import { pageNameFor } from "#core/pages.ts";
import { sectionPath } from "#core/paths.ts";
import { restoreLanguageChoice } from "./lib/saved-language.ts";
import { createTranslate } from "#core/i18n/translate.ts";
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
          {data && <SiteToaster strings={data.strings} />}
        </ToastProvider>
        <ScrollRestoration nonce={data?.nonce} />
        <Scripts nonce={data?.nonce} />
      </body>
    </html>
  );
}

function SiteToaster({ strings }: { strings: Record<string, string> }) {
  const t = createTranslate(strings);
  return <Toaster regionLabel={t("TOAST:REGION")} dismissLabel={t("TOAST:DISMISS")} />;
}

function SiteHeader() {
  const { t, language, sectionNames } = useShell();
  const names = sectionNames[language.id] ?? [];
  const sectionLink = (section: "ARTICLES" | "JOBS") => {
    const name = pageNameFor(section, language, names);
    return name === null ? null : sectionPath(language.shortCode, name);
  };
  const links = [
    { to: homePath(language), label: t("NAV:HOME"), end: true },
    { to: sectionLink("ARTICLES"), label: t("NAV:ARTICLES"), end: false },
    { to: sectionLink("JOBS"), label: t("NAV:JOBS"), end: false },
  ];
  return (
    <header className="site-header">
      <a className="skip-link" href="#content">
        {t("NAV:SKIP")}
      </a>
      <div className="site-header__inner">
        <a className="site-title" href={homePath(language)}>
          <span className="site-title__mark" aria-hidden="true">
            P
          </span>
          {t("SITE:TITLE")}
        </a>
        <nav aria-label={t("NAV:MAIN")} className="site-nav">
          <ul>
            {links.map(
              (link) =>
                link.to && (
                  <li key={link.to}>
                    <NavLink to={link.to} end={link.end}>
                      {link.label}
                    </NavLink>
                  </li>
                ),
            )}
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

function ErrorMessage({ titleKey, textKey, status }: { titleKey: string; textKey: string; status: number }) {
  const { t, language } = useShell();
  return (
    <section className="error-page" aria-labelledby="error-title">
      <title>{`${t(titleKey)} · ${t("SITE:TITLE")}`}</title>
      <meta name="robots" content="noindex" />
      <p className="error-page__status">{status}</p>
      <h1 id="error-title">{t(titleKey)}</h1>
      <p>{t(textKey)}</p>
      <p>
        <a href={homePath(language)}>{t("NOTFOUND:HOME")}</a>
      </p>
    </section>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const shell = useShellData();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!shell) {
    // The shell itself failed: nothing translated is available, so say it plainly.
    return (
      <main id="content">
        <h1>Something went wrong</h1>
      </main>
    );
  }
  const gate = adminGateStatus(error);
  if (gate) {
    return (
      <Page>
        <AdminGate status={gate} />
      </Page>
    );
  }
  const [titleKey, textKey] =
    status === 404 ? ["NOTFOUND:TITLE", "NOTFOUND:TEXT"] : status === 400 ? ["BADREQUEST:TITLE", "BADREQUEST:TEXT"] : ["ERROR:TITLE", "ERROR:TEXT"];
  return (
    <Page>
      <ErrorMessage titleKey={titleKey} textKey={textKey} status={status} />
    </Page>
  );
}
