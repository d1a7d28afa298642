import type { SourceOverview, SourceRow } from '@/features/admin/overview/response-overview';

function SourceTable({
  caption,
  heading,
  rows,
}: {
  caption: string;
  heading: string;
  rows: SourceRow[];
}) {
  return (
    <div className="min-w-0 overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="px-2 pt-3 text-left font-semibold text-ink sm:px-3">{caption}</caption>
        <thead>
          <tr className="text-ink-muted">
            <th scope="col" className="px-2 py-2 font-semibold sm:px-3">
              {heading}
            </th>
            <th scope="col" className="px-2 py-2 text-right font-semibold sm:px-3">
              Enquiries
            </th>
            <th scope="col" className="px-2 py-2 text-right font-semibold sm:px-3">
              Won
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr className="border-t border-slate-200">
              <td colSpan={3} className="px-2 py-2 text-ink-muted sm:px-3">
                No enquiries in the last 12 weeks.
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.value} className="border-t border-slate-200">
                <th scope="row" className="px-2 py-2 font-normal break-all text-ink sm:px-3">
                  {row.value}
                </th>
                <td className="px-2 py-2 text-right tabular-nums sm:px-3">{row.enquiries}</td>
                <td className="px-2 py-2 text-right tabular-nums sm:px-3">{row.won}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/** Where the last 12 weeks' enquiries came from, and how many of them were won. */
export function LeadSources({ overview }: { overview: SourceOverview }) {
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-semibold text-ink">Where enquiries came from, last 12 weeks</h3>
      <div className="grid gap-3 lg:grid-cols-2">
        <SourceTable caption="By source (top 10)" heading="Source" rows={overview.sources} />
        <SourceTable
          caption="By landing page (top 10)"
          heading="Landing page"
          rows={overview.landingPages}
        />
      </div>
    </div>
  );
}
