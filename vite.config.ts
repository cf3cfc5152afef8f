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

// The server bundle's entry is our own HTTP server (server/app.ts), so the
// React Router handler, the JSON API and the database share one module graph.
export default defineConfig({
  environments: {
    ssr: { build: { rolldownOptions: { input: "./server/app.ts" }, target: "node24" } },
  },
  build: { target: "es2022" },
  plugins: [reactRouter(), serverStaysOnServer()],
});
