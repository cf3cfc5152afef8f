/** eventLoopTurns (server/content/event-loop-turns.ts): a heavy read yields once it has run its slice, and only then. */
import { describe, expect, it } from "vitest";
import { eventLoopTurns } from "./event-loop-turns.ts";

function busyFor(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

/** Whether a callback queued before `turn()` ran before the turn was over. */
async function letOthersIn(turn: () => Promise<void>): Promise<boolean> {
  let ran = false;
  setImmediate(() => (ran = true));
  await turn();
  return ran;
}

describe("eventLoopTurns", () => {
  it("keeps running while the slice lasts", async () => {
    const turn = eventLoopTurns(1_000);
    expect(await letOthersIn(turn)).toBe(false);
    busyFor(5);
    expect(await letOthersIn(turn)).toBe(false);
  });

  it("lets waiting work in once the slice is spent, then starts a new slice", async () => {
    const turn = eventLoopTurns(50);
    busyFor(55);
    expect(await letOthersIn(turn)).toBe(true);
    expect(await letOthersIn(turn)).toBe(false);
    busyFor(55);
    expect(await letOthersIn(turn)).toBe(true);
  });
});
