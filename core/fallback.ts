/**
 * Fallback chains (issue 10 item 5, decision 0085): each language may name an
 * ordered list of languages to borrow from when something is missing in it
 * (UI strings, ROME job labels, optionally article lists). Pure rules: which
 * chains are valid, and the order a language's missing content is looked for.
 */

/** The language fields the chain rules need. */
export interface ChainLanguage {
  id: number;
  code: string;
  enabled: boolean;
  /** Its own chain: language ids, in the order they are tried. */
  fallbacks: readonly number[];
}

export type ChainProblemCode = "self" | "unknown" | "duplicate" | "cycle";

export interface ChainProblem {
  code: ChainProblemCode;
  /** A sentence naming the problem and the languages involved. */
  message: string;
}

/** Longest chain a language may name: more than every other language is never needed. */
export const MAX_FALLBACKS = 10;

/**
 * Why `chain` cannot be language `languageId`'s fallback chain, given every language and its
 * current chain; empty when it can. A cycle is a loop through other languages' chains too
 * (pt → es while es → pt), since resolution follows them (fallbackOrder).
 */
export function fallbackChainProblems(
  languageId: number,
  chain: readonly number[],
  languages: readonly ChainLanguage[],
): ChainProblem[] {
  const byId = new Map(languages.map((language) => [language.id, language]));
  const name = (id: number) => byId.get(id)?.code ?? String(id);
  const problems: ChainProblem[] = [];
  const seen = new Set<number>();
  for (const id of chain) {
    if (id === languageId) problems.push({ code: "self", message: `${name(languageId)} cannot fall back to itself.` });
    else if (!byId.has(id)) problems.push({ code: "unknown", message: `there is no language with id ${id}.` });
    else if (seen.has(id)) problems.push({ code: "duplicate", message: `${name(id)} is named twice.` });
    seen.add(id);
  }
  if (problems.length > 0) return problems;
  const loop = findLoop(languageId, chain, byId);
  if (loop !== null) {
    problems.push({
      code: "cycle",
      message: `this makes a loop: ${loop.map(name).join(" → ")}. Remove one of these fallbacks.`,
    });
  }
  return problems;
}

/** A path from `languageId` back to itself through the chains, `languageId`'s own replaced by `chain`; null when none. */
function findLoop(
  languageId: number,
  chain: readonly number[],
  byId: ReadonlyMap<number, ChainLanguage>,
): number[] | null {
  const chainOf = (id: number) => (id === languageId ? chain : (byId.get(id)?.fallbacks ?? []));
  const done = new Set<number>();
  const path: number[] = [languageId];
  // Depth-first from languageId; any edge back to a language on the current path is a loop.
  const visit = (id: number): number[] | null => {
    for (const next of chainOf(id)) {
      const onPath = path.indexOf(next);
      if (onPath !== -1) return [...path.slice(onPath), next];
      if (done.has(next)) continue;
      path.push(next);
      const loop = visit(next);
      if (loop) return loop;
      path.pop();
      done.add(next);
    }
    return null;
  };
  return visit(languageId);
}

/**
 * The languages to try, in order, when something is missing in `languageId`: its own chain
 * first, in its order, then the languages those name in theirs (breadth first), each once.
 * Disabled languages are passed through but not tried (their text is not public). Safe on
 * stored data that somehow loops: every language is visited once.
 */
export function fallbackOrder<L extends ChainLanguage>(languageId: number, languages: readonly L[]): L[] {
  const byId = new Map(languages.map((language) => [language.id, language]));
  const visited = new Set<number>([languageId]);
  const order: L[] = [];
  const queue = [...(byId.get(languageId)?.fallbacks ?? [])];
  while (queue.length > 0) {
    const id = queue.shift()!;
    const language = byId.get(id);
    if (visited.has(id) || !language) continue;
    visited.add(id);
    if (language.enabled) order.push(language);
    queue.push(...language.fallbacks);
  }
  return order;
}

/** The first of `codes` for which `lookup` has a value, with that code; undefined when none has. */
export function firstAvailable<T>(
  codes: readonly string[],
  lookup: (code: string) => T | undefined,
): { value: T; code: string } | undefined {
  for (const code of codes) {
    const value = lookup(code);
    if (value !== undefined) return { value, code };
  }
  return undefined;
}
