/**
 * What NODE_ENV is when unset: the settings' default (config.ts), and what `npm start` hands to the
 * libraries that read it themselves (main.ts). A module of its own so the launcher does not load the
 * settings' schema before the bundle does.
 */
export const DEFAULT_NODE_ENV = "production";
