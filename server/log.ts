/** Structured JSON logs. Secrets never reach them: cookies, tokens and query strings are not logged. */
import { pino } from "pino";

export type Logger = pino.Logger;

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    redact: {
      paths: ["*.cookie", "*.authorization", "*.access_token", "*.id_token", "*.refresh_token", "*.code", "*.client_secret"],
      censor: "[redacted]",
    },
  });
}
