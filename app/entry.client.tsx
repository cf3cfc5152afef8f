/** React Router's default browser entry, recording first what was typed before hydration (app/lib/typed-before-hydration.ts). */
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { recordTypedBeforeHydration } from "#app/lib/typed-before-hydration.ts";

recordTypedBeforeHydration(document);
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
