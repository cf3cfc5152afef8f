/**
 * Untrusted work for a request (server/untrusted/off-thread.ts): its refusals as the request's answer, a full
 * queue as 503. The worker pool itself knows nothing of HTTP.
 */
import { OFF_THREAD_LIMITS, OffThreadBusy, runOffThread, type OffThreadResult } from "#server/untrusted/off-thread.ts";
import { HttpError } from "./errors.ts";

/**
 * runOffThread for a request: the task's value, or why the input is refused (the task's own refusal, or a limit
 * passed while doing `work`: "read the file", "render the Markdown"); too many jobs in line is a 503.
 */
export async function runOffThreadForRequest<Input, Output>(
  work: string,
  specifier: string,
  exportName: string,
  input: Input,
  transfer: readonly ArrayBuffer[] = [],
): Promise<{ ok: true; value: Output } | { ok: false; message: string }> {
  let result: OffThreadResult<Output>;
  try {
    result = await runOffThread<Input, Output>(specifier, exportName, input, OFF_THREAD_LIMITS.seconds, transfer);
  } catch (error) {
    if (error instanceof OffThreadBusy) throw new HttpError(503, "busy", error.message);
    throw error;
  }
  switch (result.kind) {
    case "done":
      return { ok: true, value: result.value };
    case "refused":
      return { ok: false, message: result.message };
    case "over-time":
      return { ok: false, message: `It took more than ${result.seconds} s to ${work}.` };
    case "over-memory":
      return { ok: false, message: `It took more than ${result.megabytes} MB of memory to ${work}.` };
  }
}
