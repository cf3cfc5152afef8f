/** Reading the audit log (docs/product.md §7): who changed what, when, with the values before and after. */
import { sql } from "kysely";
import type { AuditFacets, AuditPage, AuditQuery } from "#core/admin/audit/schema.ts";
import { timestampBounds } from "#core/dates.ts";
import { pageWindow } from "#core/pagination.ts";
import type { AdminServices } from "#server/content/context.ts";

export const AUDIT_PAGE_SIZE = 25;

/** Stored as JSON text; a value that is not JSON (written by hand) is shown as the text itself. */
function parseStored(value: string | null): unknown {
  if (value === null) return null;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/** Case-insensitive "contains", with LIKE wildcards in the text matched literally, on both databases. */
function containsIgnoringCase(column: "users.email" | "users.display_name", text: string) {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, "\\$&")}%`;
  return sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}

export async function listAudit(services: AdminServices, query: AuditQuery): Promise<AuditPage> {
  const { db } = services.database;
  let filtered = db.selectFrom("audit_log").leftJoin("users", "users.uid", "audit_log.uid");
  if (query.entity) filtered = filtered.where("audit_log.entity", "=", query.entity);
  if (query.action) filtered = filtered.where("audit_log.action", "=", query.action);
  if (query.uid) filtered = filtered.where("audit_log.uid", "=", query.uid);
  const actor = query.actor;
  if (actor) {
    filtered = filtered.where((eb) =>
      eb.or([
        containsIgnoringCase("users.email", actor),
        containsIgnoringCase("users.display_name", actor),
        eb("audit_log.uid", "=", actor),
      ]),
    );
  }
  if (query.from)
    filtered = filtered.where("audit_log.created_at", ">=", timestampBounds(query.from, query.from).start);
  if (query.to) filtered = filtered.where("audit_log.created_at", "<", timestampBounds(query.to, query.to).end);

  const counted = await filtered
    .select((eb) => eb.fn.countAll<number | string | bigint>().as("total"))
    .executeTakeFirstOrThrow();
  const total = Number(counted.total);
  const window = pageWindow(total, AUDIT_PAGE_SIZE, query.page);
  const rows = await filtered
    .select([
      "audit_log.id",
      "audit_log.uid",
      "audit_log.action",
      "audit_log.entity",
      "audit_log.entity_id",
      "audit_log.before",
      "audit_log.after",
      "audit_log.created_at",
      "users.email",
      "users.display_name",
    ])
    .orderBy("audit_log.created_at", "desc")
    .orderBy("audit_log.id", "desc")
    .limit(AUDIT_PAGE_SIZE)
    .offset(window.offset)
    .execute();

  return {
    entries: rows.map((row) => ({
      id: row.id,
      at: row.created_at,
      action: row.action,
      entity: row.entity,
      entityId: row.entity_id,
      actor: row.uid === null ? null : { uid: row.uid, email: row.email, name: row.display_name },
      before: parseStored(row.before),
      after: parseStored(row.after),
    })),
    page: window.page,
    pageCount: window.pageCount,
    pageSize: AUDIT_PAGE_SIZE,
    total,
  };
}

/** The entities and actions that occur in the log, for the filter selects. */
export async function auditFacets(services: AdminServices): Promise<AuditFacets> {
  const { db } = services.database;
  const [entities, actions] = await Promise.all([
    db.selectFrom("audit_log").select("entity").distinct().orderBy("entity").execute(),
    db.selectFrom("audit_log").select("action").distinct().orderBy("action").execute(),
  ]);
  return { entities: entities.map((row) => row.entity), actions: actions.map((row) => row.action) };
}
