/**
 * The scrolling box around a wide admin table: a region named by the table's
 * caption, focusable so keyboard users can scroll it sideways.
 */
import type { ReactNode, Ref } from "react";
import { useAdminText } from "#app/lib/admin-text.ts";

/** `ref` lets a screen move the focus to the table when the control that had it is gone (a deleted row's button). */
export function TableRegion({
  captionId,
  children,
  ref,
}: {
  captionId: string;
  children: ReactNode;
  ref?: Ref<HTMLDivElement>;
}) {
  return (
    <div ref={ref} className="admin-table-wrap" role="region" aria-labelledby={captionId} tabIndex={0}>
      {children}
    </div>
  );
}

export type TableColumn = string | { label: string; className: string };

/** An admin table's header row; `actions` adds the last column, named for screen readers only, over the row buttons. */
export function TableHead({ columns, actions = false }: { columns: TableColumn[]; actions?: boolean }) {
  const { t } = useAdminText();
  return (
    <thead>
      <tr>
        {columns.map((column) =>
          typeof column === "string" ? (
            <th key={column} scope="col">
              {column}
            </th>
          ) : (
            <th key={column.label} scope="col" className={column.className}>
              {column.label}
            </th>
          ),
        )}
        {actions && (
          <th scope="col">
            <span className="visually-hidden">{t("admin.common.actions")}</span>
          </th>
        )}
      </tr>
    </thead>
  );
}
