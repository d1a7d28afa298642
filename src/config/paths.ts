/** Every route of the product, typed, so no component spells a URL by hand. */
export const paths = {
  home: '/',
  services: '/services',
  service: (slug: string) => `/service/${slug}`,
  about: '/about',
  caseStudies: '/case-studies',
  whitepapers: '/whitepapers',
  articles: '/articles',
  privacyPolicy: '/privacy-policy',
  cookiePolicy: '/cookie-policy',
  modernSlavery: '/modern-slavery',
  carbonReductionPlan: '/carbon-reduction-plan',
  auth: '/auth',
  admin: '/admin',
  consultation: '/consultation',
  contact: '/#contact',
} as const;

export const CONTACT_SECTION_ID = 'contact';

/** The page's `<main>`: target of the skip link and of focus after navigation or a closed dialog. */
export const MAIN_CONTENT_ID = 'main-content';

/** Routes kept out of search engines: they carry noindex and stay out of the sitemap. */
export const privatePaths: readonly string[] = [paths.auth, paths.admin];

/**
 * Public pages reached only through a link we send (the booking link in an enquiry's e-mails):
 * noindex and out of the sitemap, but public in every other way (no staff frame, no session).
 */
export const unlistedPaths: readonly string[] = [paths.consultation];

/** Whether a path is in the staff area: a private route or a page below one (/admin/staff). */
export function isStaffAreaPath(pathname: string): boolean {
  return privatePaths.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}
