/** What an admin may send to search the ROME table and edit job labels; the admin screen and the API both validate with it. */
import { z } from "zod";

export const MAX_SEARCH_CHARS = 100;
export const MAX_JOB_LABEL_CHARS = 200;
export const ROME_CODE_PATTERN = /^[A-N]\d{4}$/;

export const romeCodeSchema = z.string().regex(ROME_CODE_PATTERN, "must be a ROME code: a letter A–N and four digits, e.g. A1101");

/** A label as typed: NFC, one line, 1–200 characters, no control characters. */
export const jobLabelSchema = z
  .string()
  .transform((value) => value.normalize("NFC").replace(/\s+/gu, " ").trim())
  .refine((value) => value !== "", "must not be empty")
  .refine((value) => [...value].length <= MAX_JOB_LABEL_CHARS, `must be at most ${MAX_JOB_LABEL_CHARS} characters`)
  .refine((value) => !/\p{Cc}/u.test(value), "must not contain control characters");
