/** Starts the built server for the browser tests on a fresh SQLite database (npm test builds first). */
import { rmSync } from "node:fs";
import { startMachineTranslationStub } from "#tests/fixtures/machine-translation/stub.ts";

rmSync(new URL(`../../data/e2e-${process.env.PORT}`, import.meta.url), { recursive: true, force: true });
// The workbench's machine suggestions (decision 0218) from the local stand-in, on a port of its own: no network.
if (process.env.E2E_MACHINE_TRANSLATION === "stub") {
  const stub = await startMachineTranslationStub();
  Object.assign(process.env, {
    MACHINE_TRANSLATION_PROVIDER: "deepl",
    MACHINE_TRANSLATION_URL: stub.url,
    MACHINE_TRANSLATION_KEY: "e2e-stub-key",
  });
}
const serverBundle: string = new URL("../../build/server/index.js", import.meta.url).href;
const { start } = (await import(serverBundle)) as { start: () => Promise<void> };
await start();
