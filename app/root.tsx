import { useEffect, type ReactNode } from "react";
import {
  Links,
  Meta,
  NavLink,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import islandSrc from "virtual:public-island";
import { adminPageShellData } from "#server/admin/i18n/page-shell.ts";
import { publicPageShellData } from "#server/content/page-shell.ts";
import type { Route } from "./+types/root";
import { AccountMenu } from "./components/account-menu.tsx";
import { adminGateHandlers } from "./components/admin-gate.tsx";
import { StatusErrorBoundary } from "./components/error-page.tsx";
import { LanguagePicker } from "./components/language-picker.tsx";
import { HeaderSearch } from "./components/header-search.tsx";
import { PageViewBeacon } from "./components/page-view-beacon.tsx";
import { NotFoundPage } from "./components/not-found-page.tsx";
import { TranslatedErrorPage } from "./components/translated-error-page.tsx";
import { useSiteLinks } from "./components/site-links.ts";
import { restoreLanguageChoice } from "./lib/saved-language.ts";
import { createTranslate, type Strings } from "#core/i18n/translate.ts";
import { feedPath } from "#core/paths.ts";
import { useFocusOnNavigation } from "#app/lib/use-focus-on-navigation.ts";
import type { RouteHandle } from "#app/lib/route-handle.ts";
import { ShellDataBlocks, useShell, useShellData } from "./lib/use-shell.ts";
import { ToastProvider } from "./toast/context.tsx";
import { Toaster } from "./toast/toaster.tsx";
import "./styles/app.css";
import "./components/account-menu.css";
import "./toast/toast.css";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  // "/admin.data" too: a revalidation's data request (a new admin language switches the whole page).
  if (/^\/admin(?:[/.]|$)/.test(new URL(request.url).pathname)) return adminPageShellData(context, request);
  return publicPageShellData(context, params.lang);
}

// The shell only changes with the language, the signed-in user or after a submission.
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  currentParams,
  nextParams,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  // revalidate() keeps the URL: it follows a sign-in or sign-out, so the user may have changed.
  if (currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  return currentParams.lang?.toLowerCase() !== nextParams.lang?.toLowerCase();
}

/**
 * Whether the page loads the React app: when a matched route asks for it (the admin), in
 * development (hot module replacement needs React on the page), and once hydrated (a client
 * navigation from the admin to a public page stays in the app). A public page is rendered
 * on the server only and loads the small island script instead (decision 0171).
 */
function useHydrates(): boolean {
  const matches = useMatches();
  if (import.meta.env.DEV || typeof document !== "undefined") return true;
  return matches.some((match) => (match.handle as RouteHandle | undefined)?.hydrate === true);
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useShellData();
  const hydrates = useHydrates();
  return (
    <html lang={data?.language.code ?? "en-US"} dir={data?.language.dir ?? "ltr"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1f3a5f" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* Every page of a language advertises that language's feed (server/web/feeds.ts). */}
        {data && (
          <link
            rel="alternate"
            type="application/atom+xml"
            href={feedPath(data.language.shortCode)}
            title={createTranslate(data.strings, data.language.code)("FEED:TITLE")}
          />
        )}
        <Meta />
        <Links nonce={data?.nonce} />
      </head>
      <body>
        {/* Around the app and its error pages alike, so a toast survives the switch between them. */}
        <ToastProvider>
          {children}
          {data && <SiteToaster strings={data.strings} locale={data.language.code} borrowed={data.stringLanguages} />}
        </ToastProvider>
        <ShellDataBlocks />
        {hydrates ? (
          <>
            <ScrollRestoration nonce={data?.nonce} />
            <Scripts nonce={data?.nonce} />
          </>
        ) : (
          <script type="module" src={islandSrc} nonce={data?.nonce} />
        )}
      </body>
    </html>
  );
}

function SiteToaster({
  strings,
  locale,
  borrowed,
}: {
  strings: Strings;
  locale: string;
  borrowed: Readonly<Record<string, string>>;
}) {
  const t = createTranslate(strings, locale, console.warn, borrowed);
  return <Toaster regionLabel={t("TOAST:REGION")} dismissLabel={t("TOAST:DISMISS")} />;
}

function SiteHeader() {
  const { t, tl } = useShell();
  const { home, articles, jobs } = useSiteLinks();
  const links = [home, articles, jobs].filter((link) => link !== null);
  return (
    <header className="site-header">
      <a className="skip-link" href="#content">
        {tl("NAV:SKIP")}
      </a>
      <div className="site-header__inner">
        <a className="site-title" href={home.to}>
          <span className="site-title__mark" aria-hidden="true">
            P
          </span>
          {tl("SITE:TITLE")}
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
        <HeaderSearch />
        <div className="site-header__tools">
          <LanguagePicker />
          <AccountMenu />
        </div>
      </div>
    </header>
  );
}

function SiteFooter() {
  const { tl } = useShell();
  return (
    <footer className="site-footer">
      <p>{tl("FOOTER:ABOUT")}</p>
      <p>{tl("JOBS:SOURCE")}</p>
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
