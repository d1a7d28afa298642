import { paths } from '@/config/paths';

/** The staff area's sections: the enquiries dashboard and the two privacy pages beside it. */
export const adminSectionPaths = {
  enquiries: paths.admin,
  dataRequests: `${paths.admin}/data-requests`,
  staff: `${paths.admin}/staff`,
} as const;

export type AdminSection = keyof typeof adminSectionPaths;
