/** Ports and addresses of the browser-test servers, shared by playwright.config.ts and the specs. */
// Helpers running browser tests side by side pick their own base port.
export const E2E_BASE_PORT = Number(process.env.E2E_PORT ?? 4173);
/**
 * The browser tests run against two identical e2e sites, one per Playwright worker: a worker's specs only ever
 * see its own site (TEST_PARALLEL_INDEX, 0 or 1, set by Playwright in each worker), so the admin specs that
 * change a site run two at a time without seeing each other's changes. The config (no worker) names site 0.
 */
export const E2E_SITES = 2;
const site = Number(process.env.TEST_PARALLEL_INDEX ?? 0) % E2E_SITES;
export const E2E_PORT = E2E_BASE_PORT + site;
export const E2E_URL = `http://127.0.0.1:${E2E_PORT}`;
/** The address of site `index` (playwright.config.ts starts each). */
export const e2eSiteUrl = (index: number) => `http://127.0.0.1:${E2E_BASE_PORT + index}`;
// The local identity providers (tests/fixtures/idp), shared by both sites: ports derived from the base port so
// parallel runs never collide.
export const GOOGLE_STANDIN_PORT = E2E_BASE_PORT + 228;
export const GITHUB_STANDIN_PORT = E2E_BASE_PORT + 229;
export const GOOGLE_STANDIN_URL = `http://127.0.0.1:${GOOGLE_STANDIN_PORT}`;
// `npm run dev` in the dev-server spec (a project copy with hot reload).
export const DEV_SERVER_PORT = E2E_BASE_PORT + 230;
