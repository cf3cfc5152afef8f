/** Ports and addresses of the browser-test servers, shared by playwright.config.ts and the specs. */
// Helpers running browser tests side by side pick their own port.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
export const E2E_URL = `http://127.0.0.1:${E2E_PORT}`;
// The local identity providers (tests/fixtures/idp): ports derived from E2E_PORT so parallel runs never collide.
export const GOOGLE_STANDIN_PORT = E2E_PORT + 228;
export const GITHUB_STANDIN_PORT = E2E_PORT + 229;
export const GOOGLE_STANDIN_URL = `http://127.0.0.1:${GOOGLE_STANDIN_PORT}`;
// `npm run dev` in the dev-server spec (a project copy with hot reload).
export const DEV_SERVER_PORT = E2E_PORT + 230;
