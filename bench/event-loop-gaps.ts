/**
 * Preloaded into a benchmark's server (`node --import bench/event-loop-gaps.ts …`): records every
 * stretch over 5 ms in which a 1 ms timer could not run (the event loop was held), with when it
 * began, how much CPU the main thread used meanwhile and how long it waited for a core (Linux's
 * schedstat; 0 elsewhere): what is left of the stretch, the thread slept (for a lock, a disk, …).
 * Writes them as JSON to EVENT_LOOP_GAPS_FILE when the process exits.
 */
import { readFileSync, writeFileSync } from "node:fs";

const file = process.env.EVENT_LOOP_GAPS_FILE;
if (file) {
  const gaps: [startMs: number, ms: number, cpuMs: number, runQueueMs: number][] = [];
  const schedstat = `/proc/self/task/${process.pid}/schedstat`;
  /** The main thread's CPU time and time waiting for a core so far, in ms. */
  const times = (): [number, number] => {
    try {
      const [onCpu = 0, waiting = 0] = readFileSync(schedstat, "utf8").split(" ").map(Number);
      return [onCpu / 1e6, waiting / 1e6];
    } catch {
      const { user, system } = process.threadCpuUsage();
      return [(user + system) / 1000, 0];
    }
  };
  const round = (ms: number) => Math.round(ms * 10) / 10;
  let last = performance.now();
  let [lastCpu, lastWait] = times();
  const tick = () => {
    const now = performance.now();
    const [cpu, wait] = times();
    if (now - last > 5) gaps.push([Math.round(last), round(now - last), round(cpu - lastCpu), round(wait - lastWait)]);
    last = now;
    [lastCpu, lastWait] = [cpu, wait];
    setTimeout(tick, 1).unref();
  };
  setTimeout(tick, 1).unref();
  process.on("exit", () => writeFileSync(file, JSON.stringify(gaps)));
}
