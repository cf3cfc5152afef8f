/**
 * Whether the database is reachable, as far as the last failures tell
 * (decision 0025). A lost connection makes requests answer 503 with
 * Retry-After instead of 500; the outage is logged once when it starts and
 * once when a new connection succeeds again.
 */
/** Seconds a client is asked to wait while the database is unreachable. */
export const RETRY_AFTER_SECONDS = 5;

const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);
// SQLSTATE: class 08 (connection exception), shutting down, not accepting connections yet, too many connections.
const UNAVAILABLE_SQLSTATES = /^(08...|57P01|57P02|57P03|53300)$/;
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/** True for errors that mean "cannot reach the database", not "the query was wrong". */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.test(code))) return true;
    if (UNAVAILABLE_MESSAGES.test(current.message)) return true;
  }
  return false;
}

export interface DatabaseAvailability {
  readonly available: boolean;
  /** Records a failure; true when it means the database is unreachable (logged once per outage). */
  failed(error: unknown): boolean;
  /** A connection succeeded: the outage, if any, is over. */
  connected(): void;
}

/** What the database code writes to the log (the app's pino logger fits). */
export interface DatabaseLog {
  error(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  info(message: string): void;
}

export function trackAvailability(log: DatabaseLog | undefined): DatabaseAvailability {
  let available = true;
  return {
    get available() {
      return available;
    },
    failed(error) {
      if (!isDatabaseUnavailable(error)) return false;
      if (available) {
        available = false;
        log?.error({ err: error }, "database unavailable: answering 503 until it is back");
      }
      return true;
    },
    connected() {
      if (available) return;
      available = true;
      log?.info("database available again");
    },
  };
}
