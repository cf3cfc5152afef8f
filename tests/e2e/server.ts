/** Starts the built server for the browser tests on a fresh SQLite database (npm test builds first). */
import { rmSync } from "node:fs";

rmSync(new URL(`../../data/e2e-${process.env.PORT}`, import.meta.url), { recursive: true, force: true });
const serverBundle: string = new URL("../../build/server/index.js", import.meta.url).href;
const { start } = (await import(serverBundle)) as { start: () => Promise<void> };
await start();
