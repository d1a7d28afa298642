import { site } from '@/config/site';
import { bullets, link, paragraph, table } from '@/content/policies/policy-blocks';
import type { PolicyDocument } from '@/content/types';

export type CookieCategory = 'strictly-necessary' | 'functionality' | 'marketing';

export interface CookieEntry {
  name: string;
  category: CookieCategory;
  purpose: string;
  duration: string;
  provider: string;
}

/** Every cookie (or equivalent browser storage) the site uses, by category. */
export const cookieEntries: readonly CookieEntry[] = [
  {
    name: 'cookie-consent',
    category: 'strictly-necessary',
    purpose: 'Stores your cookie preferences so we do not ask again on every visit.',
    duration: '12 months',
    provider: site.name,
  },
  {
    name: 'auth-token',
    category: 'strictly-necessary',
    purpose: 'Keeps the user logged in to the staff administration area.',
    duration: 'Until sign-out',
    provider: site.name,
  },
  {
    name: 'sidebar',
    category: 'functionality',
    purpose: 'Remembers your sidebar preference (open or collapsed) between visits.',
    duration: '7 days',
    provider: site.name,
  },
  {
    name: 'auth-verifier',
    category: 'functionality',
    purpose: 'Secures login by verifying the sign-in request that started it.',
    duration: 'Session',
    provider: site.name,
  },
  {
    name: '_ga',
    category: 'marketing',
    purpose:
      'Analytics: behaviour tracking, distinguishing visitors to measure which pages and content are used.',
    duration: '2 years',
    provider: 'Google Analytics',
  },
  {
    name: '_clsk',
    category: 'marketing',
    purpose:
      'Analytics: session recordings, linking page views into one session so we can see how the site is used.',
    duration: '1 day',
    provider: 'Microsoft Clarity',
  },
];

const columns = ['Cookie', 'Purpose', 'Duration', 'Set by'] as const;

function cookieRows(category: CookieCategory): string[][] {
  return cookieEntries
    .filter((entry) => entry.category === category)
    .map((entry) => [entry.name, entry.purpose, entry.duration, entry.provider]);
}

/** /cookie-policy, version "Ver 25.01". */
export const cookiePolicy: PolicyDocument = {
  slug: 'cookie-policy',
  title: 'Cookie Policy',
  description: `The cookies ${site.name} uses on this website, strictly necessary, functionality and marketing, why we use them and how to manage your preferences.`,
  summary:
    'This policy explains what cookies are, which cookies our website uses and why, and how you can control them.',
  date: '2025-08-25',
  dateLabel: 'Last updated',
  versionLabel: 'Ver 25.01',
  sections: [
    {
      id: 'what-are-cookies',
      heading: 'What are cookies?',
      blocks: [
        paragraph(
          'Cookies are small text files placed on your device when you visit a website. Similar technologies, such as your browser’s local storage, work in the same way, and in this policy we call them all cookies. They let a website remember your actions and preferences and help its owner understand how it is used.',
        ),
        paragraph(
          'Under the Privacy and Electronic Communications Regulations (PECR), we may only set cookies that are not strictly necessary with your consent.',
        ),
      ],
    },
    {
      id: 'how-we-use-cookies',
      heading: 'How we use cookies',
      blocks: [
        paragraph(
          'When you first visit our website, a banner asks whether you accept all cookies, reject all non-essential cookies or want to choose by category. Until you decide, we set only strictly necessary cookies. We record your choice for 12 months and then ask again.',
        ),
        paragraph(
          'We group cookies into the categories below. We do not currently set any separate performance cookies; if we introduce them, they will appear here and will only be used with your consent.',
        ),
      ],
    },
    {
      id: 'strictly-necessary',
      heading: 'Strictly necessary cookies',
      blocks: [
        paragraph(
          'These cookies are needed for the website to work and cannot be switched off. They do not store information that identifies you for marketing.',
        ),
        table('Strictly necessary cookies', columns, cookieRows('strictly-necessary')),
      ],
    },
    {
      id: 'functionality',
      heading: 'Functionality cookies',
      blocks: [
        paragraph(
          'These cookies remember choices you make and secure sign-in, giving a smoother experience. If you disable them, some features may not work as expected.',
        ),
        table('Functionality cookies', columns, cookieRows('functionality')),
      ],
    },
    {
      id: 'marketing',
      heading: 'Marketing cookies',
      blocks: [
        paragraph(
          'These analytics cookies help us understand how visitors use our website so we can improve our content. They are set by third-party providers and only when you have given consent.',
        ),
        table('Marketing cookies', columns, cookieRows('marketing')),
      ],
    },
    {
      id: 'managing-cookies',
      heading: 'Managing your cookie preferences',
      blocks: [
        paragraph(
          'You can change or withdraw your consent at any time using the cookie settings on our website. You can also block or delete cookies in your browser settings; blocking strictly necessary cookies may stop parts of the website working. Guidance for common browsers:',
        ),
        bullets(
          [link('Google Chrome', 'https://support.google.com/chrome/answer/95647')],
          [
            link(
              'Mozilla Firefox',
              'https://support.mozilla.org/en-US/kb/clear-cookies-and-site-data-firefox',
            ),
          ],
          [link('Apple Safari', 'https://support.apple.com/en-gb/guide/safari/sfri11471/mac')],
          [
            link(
              'Microsoft Edge',
              'https://support.microsoft.com/en-gb/microsoft-edge/delete-cookies-in-microsoft-edge-63947406-40ac-c3b8-57b9-2a946a29ae09',
            ),
          ],
        ),
        paragraph(
          'The Information Commissioner’s Office explains more about cookies and your choices at ',
          link('ico.org.uk', 'https://ico.org.uk/for-the-public/online/cookies/'),
          '.',
        ),
      ],
    },
    {
      id: 'contact',
      heading: 'Contact us',
      blocks: [
        paragraph(
          'If you have any questions about our use of cookies, e-mail ',
          link(site.privacyEmail, `mailto:${site.privacyEmail}`),
          '. For how we handle personal data more generally, see our ',
          link('Privacy Policy', '/privacy-policy'),
          '.',
        ),
      ],
    },
  ],
};
