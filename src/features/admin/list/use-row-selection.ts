import { useCallback, useMemo, useState } from 'react';

import type { RowSelection } from '@/features/admin/list/enquiries-table';
import type { Enquiry } from '@/features/admin/list/list-enquiries';

/**
 * The ticked enquiries of the page on screen. Only rows still on the page count as selected, so
 * a reload that drops a row (deleted elsewhere) never acts on it.
 */
export function useRowSelection(rows: readonly Enquiry[]): {
  selection: RowSelection;
  selectedRows: Enquiry[];
  clear: () => void;
} {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());

  const onSelect = useCallback((id: string, checked: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

  const onSelectAll = useCallback(
    (checked: boolean) => setSelected(checked ? new Set(rows.map((row) => row.id)) : new Set()),
    [rows],
  );

  const clear = useCallback(() => setSelected(new Set()), []);

  const selectedRows = useMemo(() => rows.filter((row) => selected.has(row.id)), [rows, selected]);
  return { selection: { selected, onSelect, onSelectAll }, selectedRows, clear };
}
