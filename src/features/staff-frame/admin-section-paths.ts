import { paths } from '@/config/paths';

/**
 * The staff area's sections: the enquiries dashboard, the enquiries still owed a first reply,
 * and the two privacy pages.
 */
export const adminSectionPaths = {
  enquiries: paths.admin,
  needsReply: `${paths.admin}/needs-reply`,
  dataRequests: `${paths.admin}/data-requests`,
  staff: `${paths.admin}/staff`,
} as const;

export type AdminSection = keyof typeof adminSectionPaths;
