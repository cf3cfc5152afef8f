/**
 * The one script of a public page (decision 0171): public pages are rendered on the server and
 * not hydrated as a React app; this small module adds what must be interactive there. It is
 * built on its own (vite.config.ts, `publicIsland`) and loaded as a module script, so it never
 * holds the first paint. Admin pages load the full app instead and never this.
 */
import { enhanceHeaderMenus, enhanceLanguagePicker, enhanceSearch, recordPageView } from "./header.ts";
import { t } from "./shell.ts";
import { enhanceSignIn } from "./sign-in.ts";
import { createIslandToasts } from "./toasts.ts";

enhanceHeaderMenus();
enhanceSearch();
enhanceLanguagePicker();
enhanceSignIn(createIslandToasts(() => t("TOAST:DISMISS")));
recordPageView();
