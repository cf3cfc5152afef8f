/** A boolean column: 0 or 1 on both SQLite and PostgreSQL (docs/decisions/0003-one-schema-two-databases.md). */
export type Flag = 0 | 1;
