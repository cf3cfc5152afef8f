import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";

const SERVER_DIR = fileURLToPath(new URL("./server/", import.meta.url));

// Route modules import server/ only in loaders, actions and middleware, which React Router
// strips from the browser build; this fails the build if any server/ module is left in it.
function serverStaysOnServer(): Plugin {
  return {
    name: "polyglot-press:server-stays-on-server",
    applyToEnvironment: (environment) => environment.name === "client",
    load(id) {
      if (id.startsWith(SERVER_DIR)) this.error(`server-only module in the browser bundle: ${id.slice(SERVER_DIR.length - "server/".length)}`);
    },
  };
}

// Public pages format precompiled ICU messages (core/i18n/translate.ts), so the browser's
// intl-messageformat gets FormatJS's parser-free build: about 7 KB gzip less on every page
// (decision 0070). Only intl-messageformat's own import is redirected: admin code that
// validates messages imports the parser itself and keeps it.
function parserFreeMessageFormat(): Plugin {
  const PARSER = "@formatjs/icu-messageformat-parser";
  return {
    name: "polyglot-press:parser-free-message-format",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    resolveId(source, importer) {
      if (source !== PARSER || !importer?.includes("/node_modules/intl-messageformat/")) return null;
      return this.resolve(`${PARSER}/no-parser.js`, importer, { skipSelf: true });
    },
  };
}

// The server bundle's entry is our own HTTP server (server/app.ts), so the
// React Router handler, the JSON API and the database share one module graph.
export default defineConfig({
  environments: {
    ssr: { build: { rolldownOptions: { input: "./server/app.ts" }, target: "node24" } },
  },
  build: { target: "es2022" },
  plugins: [reactRouter(), serverStaysOnServer(), parserFreeMessageFormat()],
});
