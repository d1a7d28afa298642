/** The four cookie-consent categories, in the order the preferences dialog lists them. */
export type ConsentCategory = 'essential' | 'functional' | 'performance' | 'marketing';

export interface ConsentCategoryInfo {
  id: ConsentCategory;
  title: string;
  description: string;
  details: readonly string[];
  /** Essential cookies cannot be switched off. */
  required: boolean;
}

export const consentCategories: readonly ConsentCategoryInfo[] = [
  {
    id: 'essential',
    title: 'Essential Cookies',
    description:
      'Needed for the website to work: they remember your cookie choices and keep staff signed in. They cannot be switched off.',
    details: [
      'Cookie preferences (cookie-consent)',
      'Staff sign-in session (auth-token)',
      'Security of forms',
    ],
    required: true,
  },
  {
    id: 'functional',
    title: 'Functional Cookies',
    description: 'Remember choices you make so the website works the way you left it.',
    details: [
      'Sidebar and layout preferences (sidebar)',
      'Secure sign-in verification (auth-verifier)',
    ],
    required: false,
  },
  {
    id: 'performance',
    title: 'Performance Cookies',
    description:
      'Help us understand how the website performs, such as which pages load slowly, using aggregated, anonymous measurements.',
    details: ['Page load timings', 'Aggregated page views', 'Error reports'],
    required: false,
  },
  {
    id: 'marketing',
    title: 'Marketing Cookies',
    description:
      'Analytics cookies that show how visitors use the website, including session recordings, so we can improve our content.',
    details: ['Visitor behaviour analytics (_ga, _ga_*)', 'Session recordings (_clck, _clsk)'],
    required: false,
  },
];
