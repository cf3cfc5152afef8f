/**
 * `npm start` with no NODE_ENV in the environment: the site's settings default to production
 * (server/base/config.ts), and so must React, which reads NODE_ENV itself when it is first loaded.
 * Unset, it rendered every page with its development build. Node's module debug log names each
 * CommonJS file it loads.
 */
import { afterEach, describe, expect, it } from "vitest";
import { startServerProcess, type ServerProcess } from "./server-process.ts";

let server: ServerProcess | null = null;
afterEach(async () => {
  await server?.stop();
  server = null;
});

/** The React files the process loaded, by name (react.production.js, react-dom-server.node.development.js…). */
const loadedReactFiles = (output: string) =>
  [...output.matchAll(/load "[^"]*\/node_modules\/react(?:-dom)?\/cjs\/([^"/]+\.js)"/g)].map((match) => match[1]!);

describe("npm start", () => {
  it("renders pages with React's production build when NODE_ENV is unset", async () => {
    server = await startServerProcess({ NODE_DEBUG: "module" });
    const page = await fetch(`${server.url}/en/welcome`);
    expect(page.status).toBe(200);
    await page.text();
    const files = loadedReactFiles(server.output());
    expect(files).toContain("react.production.js");
    expect(files.some((file) => file.startsWith("react-dom-server.node."))).toBe(true);
    expect(files.filter((file) => file.includes(".development."))).toEqual([]);
  });
});
