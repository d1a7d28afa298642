import { paths } from '@/config/paths';

/**
 * The staff area's sections: the enquiries dashboard, the enquiries owed a reply,
 * the two privacy pages, and the signed-in person's own consultation availability.
 */
export const adminSectionPaths = {
  enquiries: paths.admin,
  needsReply: `${paths.admin}/needs-reply`,
  dataRequests: `${paths.admin}/data-requests`,
  staff: `${paths.admin}/staff`,
  availability: `${paths.admin}/availability`,
} as const;

export type AdminSection = keyof typeof adminSectionPaths;
