/**
 * Image uploads take turns (issue 41 item 2). sharp runs each decode and encode on one of libuv's threads
 * (UV_THREADPOOL_SIZE, 4 by default), the same few threads that serve file reads (static files), DNS lookups,
 * crypto and zlib: four uploads at once had them all, and /healthz, the admin API and static files waited
 * for them. So a process:
 * - admits at most `maxAdmitted` uploads at once (being received, waiting for their turn, or being
 *   processed); one more is refused at once, before its body is read, and is told when to come back. Their
 *   bodies are all an upload holds in memory before its turn, so this bounds that memory;
 * - runs one image job at a time. libvips already spreads one image over the cores, so a second job at once
 *   would share the same cores, double the memory of decoding, and take a second thread from the pool.
 */

export interface UploadTicket {
  /**
   * Runs `job` when no other image job of this process is running, in the order the tickets asked. Rejects
   * without running it when `signal` aborts while it waits (the client went away).
   */
  run<T>(job: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  /** Gives the place back; a second call does nothing. */
  release(): void;
}

export interface UploadGate {
  /** A place for one upload, or null when `maxAdmitted` uploads are already admitted. */
  admit(): UploadTicket | null;
  /** How long a refused upload should wait before trying again, from how long recent jobs took. */
  retryAfterSeconds(): number;
  /** What the gate holds now (tests, benchmarks). */
  state(): { admitted: number; waiting: number; running: number };
}

/** What a job is expected to take before any has run: a 24-megapixel photo on a busy 2-core machine. */
const FIRST_GUESS_MS = 5_000;
/** Retry-After is kept within this: a client told to wait longer would think the server broken. */
const MAX_RETRY_AFTER_SECONDS = 60;

export function createUploadGate({
  maxAdmitted,
  jobsAtOnce = 1,
}: {
  maxAdmitted: number;
  jobsAtOnce?: number;
}): UploadGate {
  let admitted = 0;
  let running = 0;
  /** The jobs waiting for their turn, oldest first. */
  const waiting: (() => void)[] = [];
  let typicalJobMs = FIRST_GUESS_MS;

  const next = () => {
    while (running < jobsAtOnce && waiting.length > 0) waiting.shift()!();
  };

  const turn = (signal?: AbortSignal): Promise<void> => {
    signal?.throwIfAborted();
    if (running < jobsAtOnce && waiting.length === 0) {
      running += 1;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const start = () => {
        signal?.removeEventListener("abort", abandon);
        running += 1;
        resolve();
      };
      const abandon = () => {
        const place = waiting.indexOf(start);
        if (place >= 0) waiting.splice(place, 1);
        const reason: unknown = signal!.reason;
        reject(reason instanceof Error ? reason : new Error(String(reason)));
      };
      waiting.push(start);
      signal?.addEventListener("abort", abandon, { once: true });
    });
  };

  return {
    admit() {
      if (admitted >= maxAdmitted) return null;
      admitted += 1;
      let released = false;
      return {
        async run(job, signal) {
          await turn(signal);
          const started = performance.now();
          try {
            return await job();
          } finally {
            // A moving average: the last few jobs count most.
            typicalJobMs = 0.7 * typicalJobMs + 0.3 * (performance.now() - started);
            running -= 1;
            next();
          }
        },
        release() {
          if (released) return;
          released = true;
          admitted -= 1;
        },
      };
    },
    retryAfterSeconds() {
      const jobsAhead = Math.max(1, admitted) / jobsAtOnce;
      return Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(1, Math.ceil((jobsAhead * typicalJobMs) / 1000)));
    },
    state: () => ({ admitted, waiting: waiting.length, running }),
  };
}
