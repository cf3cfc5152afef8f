/**
 * Preloaded into a benchmark's server (`node --import bench/event-loop-gaps.ts …`): records every
 * stretch over 5 ms in which a 1 ms timer could not run (the event loop was held), with when it
 * began, and writes them as JSON to EVENT_LOOP_GAPS_FILE when the process exits.
 */
import { writeFileSync } from "node:fs";

const file = process.env.EVENT_LOOP_GAPS_FILE;
if (file) {
  const gaps: [startMs: number, ms: number][] = [];
  let last = performance.now();
  const tick = () => {
    const now = performance.now();
    if (now - last > 5) gaps.push([Math.round(last), Math.round((now - last) * 10) / 10]);
    last = now;
    setTimeout(tick, 1).unref();
  };
  setTimeout(tick, 1).unref();
  process.on("exit", () => writeFileSync(file, JSON.stringify(gaps)));
}
