import { adminSectionPaths, type AdminSection } from '@/components/admin/admin-section-paths';

const sections: { key: AdminSection; label: string }[] = [
  { key: 'enquiries', label: 'Enquiries' },
  { key: 'needsReply', label: 'Needs a reply' },
  { key: 'dataRequests', label: 'Data requests' },
  { key: 'staff', label: 'Staff' },
];

/** The staff area's section links, the current one marked with aria-current="page". */
export function AdminSectionNav({ current }: { current: AdminSection }) {
  return (
    <nav aria-label="Admin sections">
      <ul className="flex flex-wrap gap-2">
        {sections.map(({ key, label }) => (
          <li key={key}>
            <a
              href={adminSectionPaths[key]}
              aria-current={key === current ? 'page' : undefined}
              className="inline-block rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-ink hover:bg-slate-50 aria-[current=page]:border-brand-700 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white"
            >
              {label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
