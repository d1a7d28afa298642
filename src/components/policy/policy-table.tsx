import { useId } from 'react';

import type { TableBlock } from '@/content/types';

const NUMBER = /^-?\d+(\.\d+)?$/;

/** Columns whose every cell is a number are right-aligned with tabular figures. */
function numericColumns(table: TableBlock): boolean[] {
  return table.columns.map((_, column) =>
    table.rows.every((row) => NUMBER.test(row[column] ?? '')),
  );
}

/**
 * A real data table: a caption, column headers (th scope="col") and the first cell of every row
 * as its row header (th scope="row"). On narrow screens a wide table scrolls inside its own
 * labelled, keyboard-focusable box instead of widening the page.
 */
export function PolicyTable({ table }: { table: TableBlock }) {
  const captionId = useId();
  const numeric = numericColumns(table);
  const align = (column: number) => (numeric[column] ? 'text-right tabular-nums' : 'text-left');
  // Tables wider than two columns get a minimum width and may scroll sideways on a phone; the
  // scrolling box is then focusable (so keyboard users can scroll it) and named by the caption.
  const wide = table.columns.length > 2;
  return (
    <div
      role={wide ? 'group' : undefined}
      aria-labelledby={wide ? captionId : undefined}
      tabIndex={wide ? 0 : undefined}
      className="my-8 overflow-x-auto rounded-xl border border-slate-200 shadow-sm"
    >
      <table
        className={`w-full border-collapse text-left text-sm sm:text-base ${wide ? 'min-w-[36rem]' : ''}`}
      >
        <caption
          id={captionId}
          className="border-b border-slate-200 bg-slate-50 px-4 py-3 text-left font-bold text-ink"
        >
          {table.caption}
        </caption>
        <thead className="bg-slate-100 text-ink">
          <tr>
            {table.columns.map((column, index) => (
              <th key={column} scope="col" className={`px-4 py-3 font-semibold ${align(index)}`}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 bg-white">
          {table.rows.map((row) => {
            const [rowHeader = '', ...cells] = row;
            // A closing "Total …" row is set apart, as in a printed table.
            const isTotal = /^total\b/i.test(rowHeader);
            return (
              <tr key={row.join('|')} className={`align-top ${isTotal ? 'bg-slate-50' : ''}`}>
                <th
                  scope="row"
                  className={`px-4 py-3 font-semibold text-ink ${/\s/.test(rowHeader) ? '' : 'whitespace-nowrap'}`}
                >
                  {rowHeader}
                </th>
                {cells.map((cell, index) => (
                  <td
                    key={index}
                    className={`px-4 py-3 leading-6 ${isTotal ? 'font-bold text-ink' : 'text-ink-soft'} ${align(index + 1)}`}
                  >
                    {cell}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
