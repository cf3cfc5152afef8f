import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { MAX_PAGE, pageWindow, parsePageParam } from "./pagination.ts";

describe("parsePageParam", () => {
  it.each([
    [null, 1],
    ["", 1],
    ["1", 1],
    ["2", 2],
    ["10", 10],
    ["99999", 99999],
    ["100000", 100000],
  ])("%j → page %d", (value, page) => {
    expect(parsePageParam(value)).toEqual({ ok: true, page });
  });

  it.each([
    ["0", /1 or more/u],
    ["000", /1 or more/u],
    ["-1", /1 or more/u],
    ["-0", /1 or more/u],
    ["+1", /sign/u],
    ["01", /leading zeros/u],
    ["007", /leading zeros/u],
    [" 1", /spaces/u],
    ["1 ", /spaces/u],
    ["1\t", /spaces/u],
    ["abc", /whole number/u],
    ["1.5", /whole number/u],
    ["1.0", /whole number/u],
    ["1e3", /whole number/u],
    ["0x10", /whole number/u],
    ["1,000", /whole number/u],
    ["Infinity", /whole number/u],
    ["NaN", /whole number/u],
    ["١", /whole number/u], // Arabic-Indic digit one
    ["２", /whole number/u], // fullwidth digit two
    ["--1", /whole number/u],
    ["100001", /at most 100000/u],
    ["999999999999999999999999", /at most 100000/u],
  ])("%j is rejected (%s)", (value, reason) => {
    const result = parsePageParam(value);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(reason);
  });

  it("property: accepts exactly String(n) for 1..MAX_PAGE", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_PAGE }), (n) => {
        expect(parsePageParam(String(n))).toEqual({ ok: true, page: n });
        expect(parsePageParam(`0${n}`).ok).toBe(false);
        expect(parsePageParam(`${n} `).ok).toBe(false);
      }),
    );
  });

  it("property: any accepted value is canonical and within range; never throws", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^[0-9+-]{1,8}$/u)), (value) => {
        const result = parsePageParam(value);
        if (result.ok && value !== "") {
          expect(String(result.page)).toBe(value);
          expect(result.page).toBeGreaterThanOrEqual(1);
          expect(result.page).toBeLessThanOrEqual(MAX_PAGE);
        }
        if (!result.ok) expect(result.reason).not.toBe("");
      }),
    );
  });
});

describe("pageWindow", () => {
  it("computes the first, a middle and the last page", () => {
    expect(pageWindow(45, 10, 1)).toEqual({ page: 1, pageCount: 5, offset: 0, hasPrevious: false, hasNext: true });
    expect(pageWindow(45, 10, 3)).toEqual({ page: 3, pageCount: 5, offset: 20, hasPrevious: true, hasNext: true });
    expect(pageWindow(45, 10, 5)).toEqual({ page: 5, pageCount: 5, offset: 40, hasPrevious: true, hasNext: false });
  });

  it("has exact page counts at multiples of the page size", () => {
    expect(pageWindow(40, 10, 1).pageCount).toBe(4);
    expect(pageWindow(41, 10, 1).pageCount).toBe(5);
    expect(pageWindow(1, 10, 1).pageCount).toBe(1);
  });

  it("has one empty page for an empty list", () => {
    expect(pageWindow(0, 10, 1)).toEqual({ page: 1, pageCount: 1, offset: 0, hasPrevious: false, hasNext: false });
  });

  it("clamps a page past the end to the last page (the caller compares to redirect or 404)", () => {
    expect(pageWindow(45, 10, 9)).toEqual({ page: 5, pageCount: 5, offset: 40, hasPrevious: true, hasNext: false });
    expect(pageWindow(0, 10, 2).page).toBe(1);
  });

  it("makes nonsense numbers sane instead of throwing", () => {
    expect(pageWindow(45, 0, 1)).toEqual({ page: 1, pageCount: 45, offset: 0, hasPrevious: false, hasNext: true });
    expect(pageWindow(45, -5, 2).offset).toBe(1);
    expect(pageWindow(-3, 10, 1).pageCount).toBe(1);
    expect(pageWindow(45, 10, 0).page).toBe(1);
    expect(pageWindow(45, 10, -2).page).toBe(1);
    expect(pageWindow(45, 10, 2.7).page).toBe(2);
    expect(pageWindow(45, 10.5, 1).pageCount).toBe(5);
    expect(pageWindow(Number.NaN, Number.NaN, Number.NaN)).toEqual({
      page: 1,
      pageCount: 1,
      offset: 0,
      hasPrevious: false,
      hasNext: false,
    });
    expect(pageWindow(Number.POSITIVE_INFINITY, 10, Number.POSITIVE_INFINITY).pageCount).toBe(1);
  });

  it("property: the pages tile the list exactly", () => {
    fc.assert(
      fc.property(
        fc.nat(10_000),
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: -5, max: 300 }),
        (total, size, page) => {
          const w = pageWindow(total, size, page);
          expect(w.pageCount).toBeGreaterThanOrEqual(1);
          expect(w.page).toBeGreaterThanOrEqual(1);
          expect(w.page).toBeLessThanOrEqual(w.pageCount);
          expect(w.offset).toBe((w.page - 1) * size);
          expect(w.hasPrevious).toBe(w.page > 1);
          expect(w.hasNext).toBe(w.page < w.pageCount);
          // Every item is on exactly one page, and no page but an empty list's is empty.
          expect((w.pageCount - 1) * size).toBeLessThan(Math.max(total, 1));
          expect(w.pageCount * size).toBeGreaterThanOrEqual(total);
        },
      ),
    );
  });
});
