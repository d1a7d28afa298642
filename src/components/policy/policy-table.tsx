import type { TableBlock } from '@/content/types';

/**
 * A real data table: a caption, column headers (th scope="col") and the first cell of every
 * row as its row header (th scope="row"). Long tables wrap their text rather than scroll.
 */
export function PolicyTable({ table }: { table: TableBlock }) {
  const [firstColumn, ...otherColumns] = table.columns;
  return (
    <div className="my-8 overflow-hidden rounded-xl border border-slate-200 shadow-sm">
      <table className="w-full border-collapse text-left text-sm sm:text-base">
        <caption className="border-b border-slate-200 bg-slate-50 px-4 py-3 text-left font-bold text-ink">
          {table.caption}
        </caption>
        <thead className="bg-slate-100 text-ink">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">
              {firstColumn}
            </th>
            {otherColumns.map((column) => (
              <th key={column} scope="col" className="px-4 py-3 font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 bg-white">
          {table.rows.map((row) => {
            const [rowHeader, ...cells] = row;
            return (
              <tr key={row.join('|')} className="align-top">
                <th scope="row" className="px-4 py-3 font-semibold break-words text-ink">
                  {rowHeader}
                </th>
                {cells.map((cell, index) => (
                  <td key={index} className="px-4 py-3 leading-6 text-ink-soft">
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
