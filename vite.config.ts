import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

// The server bundle's entry is our own HTTP server (server/app.ts), so the
// React Router handler, the JSON API and the database share one module graph.
export default defineConfig({
  environments: {
    ssr: { build: { rolldownOptions: { input: "./server/app.ts" }, target: "node24" } },
  },
  build: { target: "es2022" },
  plugins: [reactRouter()],
});
