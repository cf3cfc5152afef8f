import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import { build, defineConfig, type Plugin, type Rolldown } from "vite";

const SERVER_DIR = fileURLToPath(new URL("./server/", import.meta.url));

// Route modules import server/ only in loaders, actions and middleware, which React Router
// strips from the browser build; this fails the build if any server/ module is left in it.
function serverStaysOnServer(): Plugin {
  return {
    name: "polyglot-press:server-stays-on-server",
    applyToEnvironment: (environment) => environment.name === "client",
    load(id) {
      if (id.startsWith(SERVER_DIR))
        this.error(`server-only module in the browser bundle: ${id.slice(SERVER_DIR.length - "server/".length)}`);
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

// Public pages are not hydrated (decision 0171): they load one small module of their own,
// app/island/main.ts, built here on its own (one file, nothing shared with the app's chunks, so it
// never pulls in the framework) and emitted into the client build as `assets/island-<hash>.js`.
// `import islandSrc from "virtual:public-island"` gives its address: the same hash in the client and
// server builds (the same input builds the same output); in development, the source file, which
// Vite's dev server compiles on request.
const ISLAND_ENTRY = fileURLToPath(new URL("./app/island/main.ts", import.meta.url));
const ISLAND_ID = "virtual:public-island";

async function buildIsland(): Promise<Rolldown.OutputChunk> {
  const output = await build({
    configFile: false,
    logLevel: "warn",
    root: fileURLToPath(new URL(".", import.meta.url)),
    plugins: [parserFreeMessageFormat()],
    build: {
      write: false,
      target: "es2022",
      copyPublicDir: false,
      modulePreload: false,
      rolldownOptions: { input: ISLAND_ENTRY, output: { format: "es", entryFileNames: "assets/island-[hash].js" } },
    },
  });
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((result) =>
    "output" in result ? result.output : [],
  );
  const entries = chunks.filter((chunk): chunk is Rolldown.OutputChunk => chunk.type === "chunk");
  if (entries.length !== 1) throw new Error(`the public island must build into one file, not ${entries.length}`);
  return entries[0]!;
}

function publicIsland(): Plugin {
  let built: Promise<Rolldown.OutputChunk> | undefined;
  let serving = false;
  return {
    name: "polyglot-press:public-island",
    configResolved(config) {
      serving = config.command === "serve";
    },
    resolveId: (id) => (id === ISLAND_ID ? `\0${ISLAND_ID}` : null),
    async load(id) {
      if (id !== `\0${ISLAND_ID}`) return null;
      if (serving)
        return `export default ${JSON.stringify(`/${ISLAND_ENTRY.slice(fileURLToPath(new URL(".", import.meta.url)).length)}`)};`;
      built ??= buildIsland();
      const chunk = await built;
      if (this.environment.name === "client")
        this.emitFile({ type: "asset", fileName: chunk.fileName, source: chunk.code });
      return `export default ${JSON.stringify(`/${chunk.fileName}`)};`;
    },
  };
}

// The server bundle's entry is our own HTTP server (server/app.ts), so the
// React Router handler, the JSON API and the database share one module graph.
// Every page loads the root route's code and the framework, so both go in one chunk each instead
// of the twenty small shared chunks automatic splitting made: each cost a request, and six
// connections at a time on a slow phone network made them arrive in waves (bench/README.md,
// Lighthouse). The code public routes share (page components, pagination, job links) goes in a
// third chunk for the same reason. Admin routes and code only they import keep their own chunks.
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/;
const ROOT_ROUTE = fileURLToPath(new URL("./app/root.tsx", import.meta.url));
const ROUTES_DIR = fileURLToPath(new URL("./app/routes/", import.meta.url));
const PUBLIC_ROUTES_DIR = fileURLToPath(new URL("./app/routes/public/", import.meta.url));

/** Whether a module is imported, directly or not, by a module `isImporter` accepts (memoized per test). */
function importedBy(isImporter: (id: string) => boolean) {
  const known = new Map<string, boolean>();
  return function reaches(id: string, context: Rolldown.ChunkingContext): boolean {
    const memo = known.get(id);
    if (memo !== undefined) return memo;
    known.set(id, false);
    const result = (context.getModuleInfo(id)?.importers ?? []).some(
      (importer) => isImporter(importer) || reaches(importer, context),
    );
    known.set(id, result);
    return result;
  };
}
const importedByRoot = importedBy((id) => id === ROOT_ROUTE);
const importedByPublicRoute = importedBy((id) => id.startsWith(PUBLIC_ROUTES_DIR));
// Route modules keep their own chunks: React Router imports each one by its own address.
const notARoute = (id: string) => id !== ROOT_ROUTE && !id.startsWith(ROUTES_DIR);

const clientChunks: Rolldown.CodeSplittingOptions = {
  groups: [
    { name: "framework", test: FRAMEWORK },
    { name: (id, context) => (notARoute(id) && importedByRoot(id, context) ? "site" : null) },
    { name: (id, context) => (notARoute(id) && importedByPublicRoute(id, context) ? "public" : null) },
  ],
};

// `npm run dev` pre-bundles the browser's dependencies with React on start. Vite's scan gets no entries
// here (React Router gives it none), so it found them on the first page views instead (and kysely and
// snowball-stemmers too, while React Router's style collection walked the loaders' server imports): each
// find re-bundled and reloaded the page, and a page caught in between could load a second React
// ("Invalid hook call", the dev-server browser test's occasional failure).
const DEV_PREBUNDLED = [
  "intl-messageformat",
  "@formatjs/icu-messageformat-parser",
  "markdown-it",
  "zod",
  "diff",
  "microdiff",
  "chart.js",
  "kysely",
  "snowball-stemmers",
];

export default defineConfig({
  optimizeDeps: { include: DEV_PREBUNDLED },
  environments: {
    ssr: { build: { rolldownOptions: { input: "./server/app.ts" }, target: "node24" } },
    client: { build: { rolldownOptions: { output: { codeSplitting: clientChunks } } } },
  },
  build: { target: "es2022" },
  plugins: [reactRouter(), serverStaysOnServer(), parserFreeMessageFormat(), publicIsland()],
});
