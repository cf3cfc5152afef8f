import { describe, expect, it } from "vitest";
import { IMPORT_BATCH } from "./ndjson-lines.ts";
import { TRANSACTION_MS, transactionSizes } from "./ndjson.ts";

describe("an import's transaction sizes", () => {
  it("start small, then hold about their target of writing each, from the time per article so far", () => {
    const sizes = transactionSizes(TRANSACTION_MS.sqlite);
    expect(sizes.next()).toBe(8);
    // 2 ms an article: 25 fit in 50 ms.
    sizes.took(8, 16);
    expect(sizes.next()).toBe(Math.floor(TRANSACTION_MS.sqlite / 2));
    // Slower writes (a busy disk, long bodies) make the next ones smaller, smoothed over the last few.
    sizes.took(25, 250);
    expect(sizes.next()).toBe(Math.floor(TRANSACTION_MS.sqlite / 6));
  });

  it("stay between one article and a batch", () => {
    const slow = transactionSizes(50);
    slow.took(1, 500);
    expect(slow.next()).toBe(1);
    const fast = transactionSizes(50);
    fast.took(8, 0.01);
    expect(fast.next()).toBe(IMPORT_BATCH);
  });
});
