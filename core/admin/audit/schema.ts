/** What the audit admin API accepts and answers (/admin/audit). */
import { z } from "zod";
import { daySchema } from "#core/dates.ts";
import { parsePageParam } from "#core/pagination.ts";

const name = z
  .string()
  .max(64, "must be at most 64 characters")
  .regex(/^[A-Za-z0-9_.:-]+$/, "may only contain letters, digits and _ . : -");

/** `?entity=&action=&uid=&actor=&from=&to=&page=`, every one optional. */
export const auditQuerySchema = z
  .object({
    entity: name.optional(),
    action: name.optional(),
    /** Exact user id of the actor. */
    uid: z.string().max(128, "must be at most 128 characters").optional(),
    /** Part of the actor's email or name, any case. */
    actor: z.string().trim().min(1, "must not be blank").max(254, "must be at most 254 characters").optional(),
    from: daySchema.optional(),
    to: daySchema.optional(),
    page: z
      .string()
      .optional()
      .transform((value, context) => {
        const parsed = parsePageParam(value ?? null);
        if (parsed.ok) return parsed.page;
        context.addIssue({ code: "custom", message: parsed.reason.replace(/^page /, "") });
        return z.NEVER;
      }),
  })
  .superRefine((query, context) => {
    if (query.from && query.to && query.from > query.to) {
      context.addIssue({ code: "custom", path: ["from"], message: `must be on or before "to" (${query.to})` });
    }
  });

export type AuditQuery = z.output<typeof auditQuerySchema>;

const auditListEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  /** Null for changes made by the system (seed, command line); email and name are null for a user deleted since. */
  actor: z.object({ uid: z.string(), email: z.string().nullable(), name: z.string().nullable() }).nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditListEntry = z.infer<typeof auditListEntrySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditListEntrySchema),
  page: z.number().int(),
  pageCount: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** The entity types and actions in the log, for the filters. */
export const auditFacetsSchema = z.object({ entities: z.array(z.string()), actions: z.array(z.string()) });
export type AuditFacets = z.infer<typeof auditFacetsSchema>;
