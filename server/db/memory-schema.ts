/** Tables of the translation memory and the glossary (migrations 0045 and 0046, decisions 0215–0217). */
import type { Generated } from "kysely";

/** One segment of a published text in one language; the same unit_key in another language is its translation. */
export interface MemoryUnitsTable {
  id: Generated<number>;
  /** "a<article>:title", "a<article>:summary", "a<article>:<body structure>:<block>" or "ui:<key>". */
  unit_key: string;
  /** The article it came from; null for a UI string. */
  article_id: number | null;
  code: string;
  text: string;
  /** core/memory/similarity.ts exactKey: the normalized text's hash, for exact matches. */
  exact_key: string;
  updated_at: string;
}

/**
 * The fuzzy-match index (migration 0054, decision 0225): each distinct text of a language, by its exact key, under its
 * few sketch keys (core/memory/similarity.ts sketchKeys); a text held in many places is listed once.
 */
export interface MemoryKeysTable {
  key: number;
  exact_key: string;
}

/** A language pair's glossary entry. */
export interface GlossaryTermsTable {
  id: Generated<number>;
  source_code: string;
  target_code: string;
  term: string;
  translation: string;
  /** JSON array of strings. */
  forbidden: string;
  note: string;
  /** "approved", or "proposed" by a translator until an editor approves it. */
  status: "approved" | "proposed";
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface MemoryTables {
  memory_units: MemoryUnitsTable;
  memory_keys: MemoryKeysTable;
  glossary_terms: GlossaryTermsTable;
}
