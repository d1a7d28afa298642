/**
 * Brand facts and product constants, named once. A rebrand or a change of timing is an edit
 * here; nothing else in src/ spells these values out.
 */
export const site = {
  name: 'Kestrel Data',
  legalName: 'Kestrel Data & AI Ltd',
  tagline: 'Intelligent data solutions and AI-powered innovation for ambitious organisations.',
  url: 'https://www.kestreldata.co.uk',
  contactEmail: 'hello@kestreldata.co.uk',
  privacyEmail: 'privacy@kestreldata.co.uk',
  telephone: '+44 20 4525 8180',
  address: {
    streetAddress: '71-75 Shelton Street',
    addressLocality: 'London',
    postalCode: 'WC2H 9JQ',
    addressCountry: 'GB',
  },
  companyNumber: '12745093',
  linkedinUrl: 'https://www.linkedin.com/company/kestrel-data',
  documentsBaseUrl: 'https://files.kestreldata.co.uk/public',
  /** The production Supabase project (CSP connect-src in public/_headers and vercel.json). */
  productionSupabaseUrl: 'https://kestreldata.supabase.co',
  /** Where the backend provider keeps enquiry data (named in the privacy policy). */
  hostingLocation: 'the United Kingdom (London) and the European Economic Area (Ireland)',
  foundingYear: 2020,
  areaServed: 'GB',
  copyrightYear: 2025,
  defaultImage: '/og-image.png',
  defaultKeywords: [
    'data consultancy',
    'AI consultancy',
    'data strategy',
    'data governance',
    'generative AI',
    'digital transformation',
    'UK',
  ],
  locale: 'en_GB',
} as const;

/** Every product timing and limit, in milliseconds where a duration; the tests read them here. */
export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

export const timings = {
  cookieBannerDelayMs: 1000,
  cookieRepromptAfterDismissMs: 24 * HOUR_MS,
  consentValidityMs: 365 * DAY_MS,
  contactScrollDelayMs: 100,
  anchorScrollOffsetPx: 80,
  carouselAutoplayMs: 3000,
  navMenuOpenDelayMs: 200,
  navMenuSkipDelayMs: 300,
  navMenuCloseDelayMs: 150,
} as const;

export type RateLimitRule = {
  maxAttempts: number;
  windowMs: number;
  /** How long a client stays blocked after exceeding the window, if different from the window. */
  blockMs?: number;
};

export const rateLimits = {
  contactForm: { maxAttempts: 3, windowMs: 15 * MINUTE_MS, blockMs: 30 * MINUTE_MS },
  signIn: { maxAttempts: 5, windowMs: 15 * MINUTE_MS },
  signUp: { maxAttempts: 3, windowMs: 60 * MINUTE_MS },
} as const satisfies Record<string, RateLimitRule>;

export const limits = {
  /** `[auth] minimum_password_length` of supabase/config.toml, which the server enforces. */
  minPasswordLength: 12,
  freeConsultationMinutes: 30,
  enquiryReplyHours: 24,
  testimonialRating: 5,
  adminPageSize: 25,
  /** How often an open admin dashboard looks for new enquiries while its tab is visible. */
  adminPollMs: 10_000,
  /** The shortest poll interval the admin page accepts from its `?poll=` parameter (tests). */
  adminMinPollMs: 500,
} as const;

export const award = { year: 2025, title: 'Data Management Solution of the Year' } as const;
