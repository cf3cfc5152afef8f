import type { RomeRow } from "./parse.ts";

export interface ExistingJob {
  code: string;
  /** Official French label. */
  label: string;
}

export interface ImportPlan {
  added: RomeRow[];
  updated: { row: RomeRow; before: string }[];
  unchanged: number;
}

/**
 * Compares parsed rows with the jobs already stored. Codes absent from the
 * file are left alone: an import never deletes. Labels compare exactly, since
 * parsed rows are already normalized.
 */
export function planImport(existing: ExistingJob[], rows: RomeRow[]): ImportPlan {
  const labelByCode = new Map(existing.map((job) => [job.code, job.label]));
  const plan: ImportPlan = { added: [], updated: [], unchanged: 0 };
  for (const row of rows) {
    const before = labelByCode.get(row.code);
    if (before === undefined) plan.added.push(row);
    else if (before !== row.label) plan.updated.push({ row, before });
    else plan.unchanged += 1;
  }
  return plan;
}
