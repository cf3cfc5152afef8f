import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ToastProvider } from "./context.tsx";
import { Toaster } from "./toaster.tsx";

// Interaction is tested in Chromium; here only the server HTML, which needs no DOM.
describe("Toaster on the server", () => {
  it("renders the labelled region with both live regions, empty", () => {
    const html = renderToString(
      <ToastProvider>
        <Toaster regionLabel="Notifications" dismissLabel="Dismiss" />
      </ToastProvider>,
    );
    expect(html).toBe(
      '<section class="toaster" aria-label="Notifications">' +
        '<div class="toaster__region" role="status" aria-live="polite" aria-atomic="false"></div>' +
        '<div class="toaster__region" role="alert" aria-live="assertive" aria-atomic="false"></div>' +
        "</section>",
    );
  });

  it("needs a ToastProvider", () => {
    expect(() => renderToString(<Toaster regionLabel="Notifications" dismissLabel="Dismiss" />)).toThrow(
      "useToastStore must be used inside <ToastProvider>",
    );
  });
});
