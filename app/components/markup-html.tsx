/** Rendered HTML whose loader data may leave it to the document's markup (app/lib/markup-only.ts, decision 0132). */
import { useContext, useState } from "react";
import { MarkupOnlyContext, markupText } from "#app/lib/markup-only.ts";

export function MarkupHtml({ id, html, className }: { id: string; html: string | null; className?: string }) {
  const kept = useContext(MarkupOnlyContext);
  // Read once, when the component first renders: later renders of the same document's data show the same HTML.
  const [fromMarkup] = useState(() => (html === null ? markupText(id, kept) : ""));
  return <div id={id} className={className} dangerouslySetInnerHTML={{ __html: html ?? fromMarkup }} />;
}
