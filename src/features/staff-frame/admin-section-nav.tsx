import { adminSectionPaths, type AdminSection } from '@/features/staff-frame/admin-section-paths';

const sections: { key: AdminSection; label: string }[] = [
  { key: 'enquiries', label: 'Enquiries' },
  { key: 'needsReply', label: 'Needs a reply' },
  { key: 'availability', label: 'Availability' },
  { key: 'dataRequests', label: 'Data requests' },
  { key: 'staff', label: 'Staff' },
];

type AdminSectionNavProps = {
  current: AdminSection;
  /**
   * How many enquiries wait for a reply (a first one, or one to an answer by mail), shown as a
   * badge beside "Needs a reply" (0 included). Null while it loads: the badge's room is kept, so nothing moves when it comes,
   * and nothing is said. Left out: no badge.
   */
  awaitingReply?: number | null;
};

// Wide enough for two digits, so a count of 10 to 99 arriving after the placeholder moves nothing.
const badgeClass =
  'ml-2 inline-block min-w-8 rounded-full bg-brand-700 px-1.5 text-center text-xs/5 font-bold text-white tabular-nums group-aria-[current=page]:bg-white group-aria-[current=page]:text-brand-800';

/** The count on "Needs a reply": seen as a number, heard as "(12 waiting)" after the name. */
function WaitingBadge({ count }: { count: number | null }) {
  if (count === null) {
    // the same space as below, so the link is as wide before the count as after it (up to 99)
    return (
      <>
        {' '}
        <span aria-hidden="true" className={`invisible ${badgeClass}`}>
          0
        </span>
      </>
    );
  }
  // The space is its own text so that the name reads "Needs a reply (12 waiting)".
  return (
    <>
      {' '}
      <span aria-hidden="true" className={badgeClass}>
        {count}
      </span>
      <span className="sr-only">({count} waiting)</span>
    </>
  );
}

/** The staff area's section links, the current one marked with aria-current="page". */
export function AdminSectionNav({ current, awaitingReply }: AdminSectionNavProps) {
  return (
    <nav aria-label="Admin sections">
      <ul className="flex flex-wrap gap-1.5 md:gap-2">
        {sections.map(({ key, label }) => (
          <li key={key}>
            <a
              href={adminSectionPaths[key]}
              aria-current={key === current ? 'page' : undefined}
              className="group inline-flex min-h-7 items-center rounded-lg border border-slate-300 bg-white px-2.5 py-1 text-sm font-semibold text-ink hover:bg-slate-50 aria-[current=page]:border-brand-700 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white md:px-3 md:py-2"
            >
              {label}
              {key === 'needsReply' && awaitingReply !== undefined ? (
                <WaitingBadge count={awaitingReply} />
              ) : null}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
