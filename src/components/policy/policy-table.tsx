import { useId } from 'react';

import { PolicyText } from '@/components/policy/policy-text';
import type { TableBlock } from '@/content/types';

const NUMBER = /^-?\d+(\.\d+)?$/;

/** Columns whose every cell is a number are right-aligned with tabular figures. */
function numericColumns(table: TableBlock): boolean[] {
  return table.columns.map((_, column) =>
    table.rows.every((row) => NUMBER.test(row[column] ?? '')),
  );
}

/** A closing "Total …" row is set apart, as in a printed table. */
const isTotalRow = (rowHeader: string) => /^total\b/i.test(rowHeader);

/**
 * A real data table: a caption, column headers (th scope="col") and the first cell of every row
 * as its row header (th scope="row"). A table of more than two columns does not fit a phone:
 * below the sm breakpoint it is shown instead as a list of cards, one per row, each naming every
 * column beside its value, so nothing is hidden off to the side. Only one of the two is ever
 * displayed, so assistive technology meets the content once.
 */
export function PolicyTable({ table }: { table: TableBlock }) {
  const wide = table.columns.length > 2;
  return (
    <>
      {wide ? <PolicyTableCards table={table} /> : null}
      <DataTable table={table} className={wide ? 'hidden sm:block' : ''} />
    </>
  );
}

function DataTable({ table, className }: { table: TableBlock; className: string }) {
  const captionId = useId();
  const numeric = numericColumns(table);
  const align = (column: number) => (numeric[column] ? 'text-right tabular-nums' : 'text-left');
  const wide = table.columns.length > 2;
  return (
    // Between sm and the width the columns need, a wide table scrolls inside its own box, which
    // is then focusable (so keyboard users can scroll it) and named by the caption.
    <div
      role={wide ? 'group' : undefined}
      aria-labelledby={wide ? captionId : undefined}
      tabIndex={wide ? 0 : undefined}
      className={`my-8 overflow-x-auto rounded-xl border border-slate-200 shadow-sm ${className}`}
    >
      <table
        className={`w-full border-collapse text-left text-sm sm:text-base ${wide ? 'min-w-[36rem]' : ''}`}
      >
        <caption
          id={captionId}
          className="border-b border-slate-200 bg-slate-50 px-4 py-3 text-left font-bold text-ink"
        >
          <PolicyText text={table.caption} />
        </caption>
        <thead className="bg-slate-100 text-ink">
          <tr>
            {table.columns.map((column, index) => (
              <th key={column} scope="col" className={`px-4 py-3 font-semibold ${align(index)}`}>
                <PolicyText text={column} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 bg-white">
          {table.rows.map((row) => {
            const [rowHeader = '', ...cells] = row;
            const isTotal = isTotalRow(rowHeader);
            return (
              <tr key={row.join('|')} className={`align-top ${isTotal ? 'bg-slate-50' : ''}`}>
                <th
                  scope="row"
                  className={`px-4 py-3 font-semibold text-ink ${/\s/.test(rowHeader) ? '' : 'whitespace-nowrap'}`}
                >
                  <PolicyText text={rowHeader} />
                </th>
                {cells.map((cell, index) => (
                  <td
                    key={index}
                    className={`px-4 py-3 leading-6 ${isTotal ? 'font-bold text-ink' : 'text-ink-soft'} ${align(index + 1)}`}
                  >
                    <PolicyText text={cell} />
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

/** The phone layout of a wide table: its caption, then one card per row. */
function PolicyTableCards({ table }: { table: TableBlock }) {
  const captionId = useId();
  const [, ...valueColumns] = table.columns;
  return (
    <section aria-labelledby={captionId} className="my-8 sm:hidden">
      <p id={captionId} className="font-bold text-ink">
        <PolicyText text={table.caption} />
      </p>
      <ul className="mt-3 space-y-3">
        {table.rows.map((row) => {
          const [rowHeader = '', ...cells] = row;
          return (
            <li
              key={row.join('|')}
              className="rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-sm"
            >
              <p className="font-semibold break-words text-ink">
                <span className="sr-only">{table.columns[0]}: </span>
                <span>
                  <PolicyText text={rowHeader} />
                </span>
              </p>
              <dl className="mt-2 space-y-2">
                {cells.map((cell, index) => (
                  <div key={index}>
                    <dt className="text-xs font-semibold tracking-wide text-ink-muted uppercase">
                      <PolicyText text={valueColumns[index] ?? ''} />
                    </dt>
                    <dd className="mt-0.5 leading-6 break-words text-ink-soft">
                      <PolicyText text={cell} />
                    </dd>
                  </div>
                ))}
              </dl>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
