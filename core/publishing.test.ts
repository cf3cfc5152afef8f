import { describe, expect, it } from "vitest";
import { ARTICLE_STATUSES } from "./article-rules.ts";
import {
  applySchedule,
  checkSchedule,
  MAX_SCHEDULE_AHEAD_MS,
  NO_SCHEDULES,
  publicationState,
  SCHEDULE_ACTIONS,
  schedulesVoidedBy,
  type PendingSchedules,
} from "./publishing.ts";

const now = new Date("2026-11-23T12:00:00.000Z");
const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
const iso = (minutes: number) => later(minutes).toISOString();

/** Every combination of pending schedules the rules can meet. */
const SCHEDULE_SETS: PendingSchedules[] = [
  NO_SCHEDULES,
  { publishAt: iso(60), unpublishAt: null },
  { publishAt: null, unpublishAt: iso(60) },
  { publishAt: iso(60), unpublishAt: iso(120) },
];

describe("publicationState", () => {
  it("is published whenever the status is, whatever is pending", () => {
    for (const schedules of SCHEDULE_SETS) expect(publicationState("published", schedules)).toBe("published");
  });
  it("is scheduled for a draft with a publish time, draft otherwise", () => {
    expect(publicationState("draft", NO_SCHEDULES)).toBe("draft");
    expect(publicationState("draft", { publishAt: iso(60), unpublishAt: null })).toBe("scheduled");
    expect(publicationState("draft", { publishAt: iso(60), unpublishAt: iso(120) })).toBe("scheduled");
    expect(publicationState("draft", { publishAt: null, unpublishAt: iso(60) })).toBe("draft");
  });
});

describe("checkSchedule", () => {
  it("refuses the past, the present and invalid or far-off times for every action and state", () => {
    for (const action of SCHEDULE_ACTIONS) {
      for (const status of ARTICLE_STATUSES) {
        for (const schedules of SCHEDULE_SETS) {
          expect(checkSchedule(action, later(-1), now, status, schedules)).toEqual({
            ok: false,
            reason: "must be in the future",
          });
          expect(checkSchedule(action, now, now, status, schedules)).toEqual({
            ok: false,
            reason: "must be in the future",
          });
          expect(checkSchedule(action, new Date(Number.NaN), now, status, schedules)).toEqual({
            ok: false,
            reason: "must be a date and time",
          });
          expect(
            checkSchedule(action, new Date(now.getTime() + MAX_SCHEDULE_AHEAD_MS + 1), now, status, schedules),
          ).toEqual({
            ok: false,
            reason: "must be at most 10 years ahead",
          });
        }
      }
    }
  });

  it("schedules a publish of a draft, before any pending unpublish", () => {
    expect(checkSchedule("publish", later(1), now, "draft", NO_SCHEDULES)).toEqual({ ok: true });
    expect(checkSchedule("publish", later(30), now, "draft", { publishAt: iso(60), unpublishAt: null })).toEqual({
      ok: true,
    });
    expect(checkSchedule("publish", later(30), now, "draft", { publishAt: null, unpublishAt: iso(60) })).toEqual({
      ok: true,
    });
    expect(checkSchedule("publish", later(60), now, "draft", { publishAt: null, unpublishAt: iso(60) })).toMatchObject({
      ok: false,
      reason: expect.stringContaining("before the scheduled unpublish"),
    });
  });

  it("refuses to schedule a publish of a published version", () => {
    for (const schedules of SCHEDULE_SETS) {
      expect(checkSchedule("publish", later(1), now, "published", schedules)).toMatchObject({
        ok: false,
        reason: expect.stringContaining("already published"),
      });
    }
  });

  it("schedules an unpublish of a published version or after a pending publish", () => {
    expect(checkSchedule("unpublish", later(1), now, "published", NO_SCHEDULES)).toEqual({ ok: true });
    expect(checkSchedule("unpublish", later(90), now, "draft", { publishAt: iso(60), unpublishAt: null })).toEqual({
      ok: true,
    });
    expect(
      checkSchedule("unpublish", later(60), now, "draft", { publishAt: iso(60), unpublishAt: null }),
    ).toMatchObject({
      ok: false,
      reason: expect.stringContaining("after the scheduled publish"),
    });
    expect(checkSchedule("unpublish", later(1), now, "draft", NO_SCHEDULES)).toMatchObject({
      ok: false,
      reason: expect.stringContaining("neither published nor scheduled"),
    });
  });
});

describe("applySchedule", () => {
  it("publishes and unpublishes, and says when nothing changes", () => {
    expect(applySchedule("draft", "publish")).toEqual({ status: "published", changed: true });
    expect(applySchedule("published", "publish")).toEqual({ status: "published", changed: false });
    expect(applySchedule("published", "unpublish")).toEqual({ status: "draft", changed: true });
    expect(applySchedule("draft", "unpublish")).toEqual({ status: "draft", changed: false });
  });
});

describe("schedulesVoidedBy", () => {
  it("drops a pending publish once published, and an unpublish a draft has nothing left to act on", () => {
    const expected: Record<string, [string[], string[]]> = {
      // [voided when published, voided when draft]
      none: [[], []],
      publish: [["publish"], []],
      unpublish: [[], ["unpublish"]],
      both: [["publish"], []],
    };
    const names = ["none", "publish", "unpublish", "both"];
    SCHEDULE_SETS.forEach((schedules, index) => {
      const [whenPublished, whenDraft] = expected[names[index]!]!;
      expect(schedulesVoidedBy("published", schedules)).toEqual(whenPublished);
      expect(schedulesVoidedBy("draft", schedules)).toEqual(whenDraft);
    });
  });
});
