/** Where an enquiry stands; the values and their order match the database's CHECK constraint. */
export const ENQUIRY_STATUSES = ['new', 'in_progress', 'won', 'lost', 'spam'] as const;

export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];

const labels: Record<EnquiryStatus, string> = {
  new: 'New',
  in_progress: 'In progress',
  won: 'Won',
  lost: 'Lost',
  spam: 'Spam',
};

/** Dark text on a pale tint (AA contrast); the word itself carries the meaning, not the colour. */
const badgeClasses: Record<EnquiryStatus, string> = {
  new: 'bg-sky-100 text-sky-900',
  in_progress: 'bg-amber-100 text-amber-900',
  won: 'bg-emerald-100 text-emerald-900',
  lost: 'bg-slate-200 text-slate-800',
  spam: 'bg-rose-100 text-rose-900',
};

export function isEnquiryStatus(value: unknown): value is EnquiryStatus {
  return typeof value === 'string' && (ENQUIRY_STATUSES as readonly string[]).includes(value);
}

/** "In progress" for in_progress; an unknown value is shown as it is. */
export function statusLabel(value: string): string {
  return isEnquiryStatus(value) ? labels[value] : value;
}

export function statusBadgeClass(value: string): string {
  return isEnquiryStatus(value) ? badgeClasses[value] : 'bg-slate-100 text-slate-800';
}
