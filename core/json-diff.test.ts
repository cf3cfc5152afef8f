import { describe, expect, it } from "vitest";
import { changedKeys, jsonLines, valuesDiffer } from "./json-diff.ts";

describe("changedKeys", () => {
  it("lists keys whose values differ, ignoring key order inside nested objects", () => {
    expect(changedKeys({ a: 1, b: { x: 1, y: 2 }, c: "same" }, { a: 2, b: { y: 2, x: 1 }, c: "same" })).toEqual(
      new Set(["a"]),
    );
    expect(changedKeys({ list: [1, 2] }, { list: [2, 1] })).toEqual(new Set(["list"]));
  });

  it("counts keys on one side only, and every key of a created or deleted record", () => {
    expect(changedKeys({ a: 1 }, { b: 1 })).toEqual(new Set(["a", "b"]));
    expect(changedKeys(null, { label: "Home", code: "en" })).toEqual(new Set(["label", "code"]));
    expect(changedKeys({ label: "Old" }, null)).toEqual(new Set(["label"]));
    expect(changedKeys({ a: null }, { a: undefined })).toEqual(new Set(["a"]));
  });

  it("has no keys to compare when a side is not an object", () => {
    expect(changedKeys("text", { a: 1 })).toEqual(new Set());
    expect(changedKeys([1], [2])).toEqual(new Set());
    expect(valuesDiffer([1], [2])).toBe(true);
    expect(valuesDiffer({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(false);
  });

  it("tells values of different kinds apart", () => {
    expect(valuesDiffer({}, [])).toBe(true);
    expect(valuesDiffer(1, "1")).toBe(true);
    expect(valuesDiffer("same", "same")).toBe(false);
    expect(valuesDiffer(null, null)).toBe(false);
    expect(valuesDiffer({ nested: { list: [1, { x: 1 }] } }, { nested: { list: [1, { x: 2 }] } })).toBe(true);
    expect(changedKeys({ a: { b: [1] } }, { a: { b: [1] }, c: null })).toEqual(new Set(["c"]));
  });
});

describe("jsonLines", () => {
  it("prints an object with the lines of changed properties marked", () => {
    expect(jsonLines({ label: "Français", meta: { rtl: false }, enabled: 1 }, new Set(["meta"]))).toEqual([
      { text: "{", changed: false },
      { text: '  "label": "Français",', changed: false },
      { text: '  "meta": {', changed: true },
      { text: '    "rtl": false', changed: true },
      { text: "  },", changed: true },
      { text: '  "enabled": 1', changed: false },
      { text: "}", changed: false },
    ]);
  });

  it("prints other values whole, marked as a whole", () => {
    expect(jsonLines(null, new Set())).toEqual([{ text: "null", changed: false }]);
    expect(jsonLines("not json", new Set(), true)).toEqual([{ text: '"not json"', changed: true }]);
    expect(jsonLines([1, 2], new Set(), true).map((line) => line.text)).toEqual(["[", "  1,", "  2", "]"]);
    expect(jsonLines({}, new Set())).toEqual([{ text: "{}", changed: false }]);
  });
});
