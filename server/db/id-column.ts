/** The dialect difference of a table's generated id (docs/decisions/0003-one-schema-two-databases.md). */
import type { ColumnDefinitionBuilder, CreateTableBuilder } from "kysely";
import type { DialectName } from "./connect.ts";

/** Adds `id`, the table's primary key, numbered by the database: serial on PostgreSQL, AUTOINCREMENT on SQLite. */
export function withIdColumn<Table extends string>(
  table: CreateTableBuilder<Table, never>,
  dialect: DialectName,
): CreateTableBuilder<Table, "id"> {
  return dialect === "postgres"
    ? table.addColumn("id", "serial", (col: ColumnDefinitionBuilder) => col.primaryKey())
    : table.addColumn("id", "integer", (col: ColumnDefinitionBuilder) => col.primaryKey().autoIncrement());
}
