import { afterAll, describe, expect, it } from "vitest";
import { readingMinutes } from "#core/markdown.ts";
import { createRenderPool } from "./render-pool.ts";

describe("the render pool", () => {
  const pool = createRenderPool("sqlite", 2);
  afterAll(() => pool.close());

  it("gives back every rendering in the order of its jobs, over many messages and both workers", async () => {
    const jobs = Array.from({ length: 237 }, (_, index) => ({
      body: `# Body ${index}\n\nWord${index} ${"lorem ".repeat(index % 7)}`,
      language: index % 3 === 0 ? "ja-JP" : "en-US",
      title: `Title ${index}`,
      summary: "",
    }));
    const rendered = await pool.renderAll(jobs);
    expect(rendered).toHaveLength(jobs.length);
    rendered.forEach((rendering, index) => {
      expect(rendering.version.html).toContain(`<h1>Body ${index}</h1>`);
      expect(rendering.text.split("\n")).toEqual([`Body ${index}`, `Word${index} ${"lorem ".repeat(index % 7)}`.trim()]);
      expect(rendering.indexed?.[0]).toMatch(new RegExp(`_${index}$`));
    });
    expect(await pool.renderAll([])).toEqual([]);
  });

  it("measures reading times in the order of the bodies, as the main thread would", async () => {
    const bodies = Array.from({ length: 120 }, (_, index) => `${"word ".repeat(index * 20)}${index % 4 === 0 ? "漢字".repeat(index * 10) : ""}`);
    expect(await pool.readingMinutesOf(bodies)).toEqual(bodies.map(readingMinutes));
  });
});
