import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { useHydrated } from "./use-hydrated.ts";

function SaveButton() {
  return <button disabled={!useHydrated()}>Save</button>;
}

// After hydration it is true: the admin's browser tests click these controls (tests/e2e/admin-languages.spec.ts).
describe("useHydrated on the server", () => {
  it("is false, so controls that need React are disabled in the server's markup", () => {
    expect(renderToString(<SaveButton />)).toBe('<button disabled="">Save</button>');
  });
});
