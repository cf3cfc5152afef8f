/**
 * The segment view's state (decision 0210): the alignment of the source, the source at the translation's base
 * and the translation as typed, and each row's text. Typing in a row writes the
 * whole body back into the form (joined exactly); a body changed from outside (the whole-text view, "take
 * theirs", a copy of the source) is aligned again. Which rows were confirmed, which warnings dismissed: useSegmentMarks.
 */
import { useCallback, useLayoutEffect, useRef, useState } from "react";
import { alignSegments, initialTexts, joinTranslation, type Alignment } from "#core/segments/align.ts";

export interface SegmentSources {
  /** The source's body now, its language, and its body at the translation's base ("" for a new translation, null when no longer kept). */
  source: string;
  sourceLanguage: string;
  base: string | null;
}

interface SegmentState {
  alignment: Alignment;
  texts: string[];
  /** The body the rows make: what the form holds while nothing else changed it. */
  joined: string;
}

function aligned({ source, base, sourceLanguage }: SegmentSources, body: string): SegmentState {
  const alignment = alignSegments({ source, base, translation: body, sourceLanguage });
  return { alignment, texts: initialTexts(alignment), joined: body };
}

export function useSegments(sources: SegmentSources, body: string, onBody: (body: string) => void) {
  const [state, setState] = useState(() => aligned(sources, body));
  const [seen, setSeen] = useState(sources);
  let current = state;
  // A body from elsewhere, or another source: aligned again (during render, so no frame shows the old rows).
  if (body !== state.joined || seen !== sources) {
    current = aligned(sources, body);
    setState(current);
    setSeen(sources);
  }

  // The state as last set, for a row's typing: two keystrokes before a render must both count.
  const latest = useRef(current);
  useLayoutEffect(() => {
    latest.current = current;
  });
  const type = useCallback(
    (index: number, text: string) => {
      const previous = latest.current;
      const texts = [...previous.texts];
      texts[index] = text;
      const next = { ...previous, texts, joined: joinTranslation(previous.alignment, texts) };
      latest.current = next;
      setState(next);
      onBody(next.joined);
    },
    [onBody],
  );
  return { alignment: current.alignment, texts: current.texts, type };
}

/** Segments confirmed and warnings dismissed (by row id): kept while the view switches to the whole text and back. */
export function useSegmentMarks() {
  const [confirmed, setConfirmed] = useState<ReadonlySet<string>>(() => new Set());
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(() => new Set());
  const confirm = useCallback((id: string) => setConfirmed((previous) => new Set(previous).add(id)), []);
  const dismiss = useCallback((key: string) => setDismissed((previous) => new Set(previous).add(key)), []);
  return { confirmed, confirm, dismissed, dismiss };
}

export type SegmentMarks = ReturnType<typeof useSegmentMarks>;
