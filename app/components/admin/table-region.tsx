/**
 * The scrolling box around a wide admin table: a region named by the table's
 * caption, focusable so keyboard users can scroll it sideways.
 */
import type { ReactNode } from "react";

export function TableRegion({ captionId, children }: { captionId: string; children: ReactNode }) {
  return (
    <div className="admin-table-wrap" role="region" aria-labelledby={captionId} tabIndex={0}>
      {children}
    </div>
  );
}
