import { describe, expect, it } from "vitest";
import { isMachineText, machineSegmentsIn } from "./machine.ts";

describe("machine marks", () => {
  const taken = new Set(["[fr] Hello world.", "## [fr] Title"]);

  it("counts the body's segments that are suggestions as taken, and no edited one", () => {
    const body = "## [fr] Title\n\n[fr] Hello world.\n\n[fr] Hello world, edited.\n\nMy own words.";
    expect(machineSegmentsIn(body, taken)).toBe(2);
    expect(machineSegmentsIn("[fr] Hello world!", taken)).toBe(0);
    expect(machineSegmentsIn(body, new Set())).toBe(0);
  });

  it("marks a row while its text is a taken suggestion, never an empty one", () => {
    expect(isMachineText("[fr] Hello world.", taken)).toBe(true);
    expect(isMachineText("[fr] Hello world. ", taken)).toBe(false);
    expect(isMachineText("", new Set([""]))).toBe(false);
  });
});
