import { describe, expect, it } from "vitest";
import { HEARTBEAT_SECONDS, PRESENCE_WINDOW_SECONDS, presenceCutoff } from "./schema.ts";

describe("presence window", () => {
  it("counts heartbeats of the last minute, as ISO text that sorts with stored times", () => {
    expect(presenceCutoff(new Date("2026-11-28T18:00:30.000Z"))).toBe("2026-11-28T17:59:30.000Z");
    expect("2026-11-28T17:59:31.000Z" > presenceCutoff(new Date("2026-11-28T18:00:30.000Z"))).toBe(true);
  });

  it("outlasts two missed heartbeats", () => {
    expect(PRESENCE_WINDOW_SECONDS).toBeGreaterThanOrEqual(3 * HEARTBEAT_SECONDS);
  });
});
