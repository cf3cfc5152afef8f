import { describe, expect, it } from "vitest";
import { copyExecArgv, restartDelayMs } from "./processes.ts";

describe("copyExecArgv", () => {
  it.each([
    [["--max-semi-space-size=4"], ["--max-semi-space-size=4"]],
    [["--max-semi-space-size=4", "--input-type=module", "-e", "await start()"], ["--max-semi-space-size=4"]],
    [["--eval", "start()", "--enable-source-maps"], ["--enable-source-maps"]],
    [["--eval=start()", "--print=1", "--input-type", "module", "--trace-gc"], ["--trace-gc"]],
    [["-p", "1", "--max-old-space-size=512"], ["--max-old-space-size=512"]],
    [[], []],
  ])("keeps the Node options of %j but not the evaluated code: %j", (execArgv, kept) => {
    expect(copyExecArgv(execArgv)).toEqual(kept);
  });
});

describe("restartDelayMs", () => {
  it("replaces a copy at once after a long life, then backs off 1, 2, 4 … s while copies keep dying young, up to 30 s", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(restartDelayMs)).toEqual([0, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
  });
});
