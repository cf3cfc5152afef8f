import { describe, expect, it } from "vitest";
import { jobLabelFor } from "./rome.ts";

describe("jobLabelFor: a job's label in the reader's language, else along the fallback chain, else the official one", () => {
  const labels = new Map([
    ["es-ES", "Conductor de maquinaria agrícola"],
    ["pt-BR", ""],
  ]);
  const official = "Conduite d'engins agricoles et forestiers";

  it("the reader's own label, not marked", () => {
    expect(jobLabelFor(["es-ES"], labels, official)).toEqual({
      label: "Conductor de maquinaria agrícola",
      labelLang: "es-ES",
      fallback: false,
    });
  });

  it("a fallback language's label, marked with its language (an empty label counts as none)", () => {
    expect(jobLabelFor(["pt-BR", "es-ES"], labels, official)).toEqual({
      label: "Conductor de maquinaria agrícola",
      labelLang: "es-ES",
      fallback: true,
    });
  });

  it("the official French label when the chain has none, marked fr-FR; French readers read it unmarked", () => {
    expect(jobLabelFor(["de-DE"], labels, official)).toEqual({ label: official, labelLang: "fr-FR", fallback: true });
    expect(jobLabelFor(["fr-FR"], labels, official)).toEqual({ label: official, labelLang: "fr-FR", fallback: false });
    expect(jobLabelFor(["ar", "fr-FR", "es-ES"], labels, official).labelLang).toBe("fr-FR");
  });
});
