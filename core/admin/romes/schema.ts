/** What the ROME admin API and screen (/admin/romes) accept and answer: search, job labels, file imports. */
import { z } from "zod";
import type { PageWindow } from "#core/pagination.ts";

export const MAX_SEARCH_CHARS = 100;
export const MAX_JOB_LABEL_CHARS = 200;
export const ROME_CODE_PATTERN = /^[A-N]\d{4}$/;

export const romeCodeSchema = z
  .string()
  .regex(ROME_CODE_PATTERN, "must be a ROME code: a letter A–N and four digits, e.g. A1101");

/** A label as typed: NFC, one line, 1–200 characters, no control characters. */
export const jobLabelSchema = z
  .string()
  .transform((value) => value.normalize("NFC").replace(/\s+/gu, " ").trim())
  .refine((value) => value !== "", "must not be empty")
  .refine((value) => [...value].length <= MAX_JOB_LABEL_CHARS, `must be at most ${MAX_JOB_LABEL_CHARS} characters`)
  .refine((value) => !/\p{Cc}/u.test(value), "must not contain control characters");

export interface RomeDomain {
  letter: string;
  label: string;
}

export interface LabelLanguage {
  code: string;
  shortCode: string;
  label: string;
  dir: "ltr" | "rtl";
  enabled: boolean;
}

export interface RomeListRow {
  code: string;
  domain: string;
  /** The official French label. */
  label: string;
  /** Labels admins added, in the languages' order. */
  labels: { languageCode: string; label: string }[];
  /** Latest change of the code or any of its labels. */
  updatedAt: string;
}

export interface RomeList {
  rows: RomeListRow[];
  total: number;
  window: PageWindow;
  domains: RomeDomain[];
  languages: LabelLanguage[];
}

/** One label as `GET /api/admin/romes/{code}/labels/{languageCode}` answers it; its ETag is this object's. */
export const jobLabelResultSchema = z.object({ code: z.string(), languageCode: z.string(), label: z.string() });
export type JobLabel = z.infer<typeof jobLabelResultSchema>;
/** What saving a label answers: the label (its ETag is that of these three fields) and whether it changed. */
export const jobLabelSavedResponse = jobLabelResultSchema.extend({ changed: z.boolean() });

export interface JobLabels {
  code: string;
  domain: string;
  /** The official French label. */
  label: string;
  /** Label per language code, the official language included. */
  labels: Record<string, string>;
  /** Per language code with a label: the ETag its own GET answers (decision 0151), sent as If-Match to change it. */
  etags: Record<string, string>;
  /** The enabled languages, official first: one input each in the editor. */
  languages: LabelLanguage[];
}

export const newImportSchema = z.object({
  filename: z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(255, "must be at most 255 characters")
    .refine((value) => !/\p{Cc}/u.test(value), "must not contain control characters"),
  size: z.number().int("must be a whole number of bytes").min(1, "the file is empty"),
});

export type NewImport = z.output<typeof newImportSchema>;

/** A row refused on its own; the rest of the file still imports. */
const rejectedRowSchema = z.object({ line: z.number().int(), code: z.string().nullable(), reason: z.string() });
export type RejectedRow = z.infer<typeof rejectedRowSchema>;

export const importSummarySchema = z.object({
  filename: z.string(),
  format: z.enum(["xml", "csv"]),
  added: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  rejected: z.array(rejectedRowSchema),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

/** A started import: its id and the size of the chunks to send. */
export const importStartedSchema = z.object({ id: z.string(), chunkBytes: z.number().int() });
export type ImportStarted = z.infer<typeof importStartedSchema>;
/** An import's progress after a chunk: bytes received of the file's size. */
export const importProgressSchema = z.object({ received: z.number().int(), size: z.number().int() });
export type ImportProgress = z.infer<typeof importProgressSchema>;

export const labelParamsSchema = z.object({
  code: romeCodeSchema,
  languageCode: z.string().min(1, "must not be empty").max(35, "must be at most 35 characters"),
});

export const labelBodySchema = z.object({ label: jobLabelSchema });

export const chunkIndexSchema = z
  .string()
  .regex(/^(0|[1-9]\d{0,5})$/, "must be a chunk number: 0, 1, 2…")
  .transform(Number);
