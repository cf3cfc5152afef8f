/**
 * The machine suggestion's button is there only when a provider is configured (decision 0218): the server HTML of
 * the focused segment's help, with and without it. Interaction is tested in Chromium (admin-workbench.spec.ts).
 */
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { MachineMarksContext } from "./machine-marks.ts";
import { SegmentAssist } from "./segment-assist.tsx";

vi.mock("#app/lib/admin-text.ts", () => ({
  useAdminText: () => ({ t: (key: string) => key, number: String, day: String }),
}));

const props = {
  sourceText: "Enjoy the crossing.",
  sourceKind: "paragraph" as const,
  sourceLanguage: "en-US",
  targetLanguage: "fr-FR",
  onAccept: () => {},
  onInsert: () => {},
};
const marks = (enabled: boolean) => ({ enabled, taken: new Set<string>(), take: () => {} });

describe("SegmentAssist", () => {
  it("shows no machine suggestion without a provider", () => {
    const html = renderToString(<SegmentAssist {...props} />);
    expect(html).toContain("admin.memory.title");
    expect(html).not.toContain("admin.machine.suggest_button");
    const off = renderToString(
      <MachineMarksContext.Provider value={marks(false)}>
        <SegmentAssist {...props} />
      </MachineMarksContext.Provider>,
    );
    expect(off).not.toContain("admin.machine");
  });

  it("offers it with one, but not for a code block", () => {
    const on = (sourceKind: "paragraph" | "code") =>
      renderToString(
        <MachineMarksContext.Provider value={marks(true)}>
          <SegmentAssist {...props} sourceKind={sourceKind} />
        </MachineMarksContext.Provider>,
      );
    expect(on("paragraph")).toContain("admin.machine.suggest_button");
    expect(on("code")).not.toContain("admin.machine.suggest_button");
  });
});
