import type { Accreditation } from '@/content/types';

/** Accreditation badge SVGs are square. */
export const accreditationImageSize = { width: 160, height: 160 } as const;

/** The three security accreditations of the home page, each badged Certified. */
export const accreditations: readonly Accreditation[] = [
  {
    id: 'cyber-essentials',
    name: 'Cyber Essentials',
    badge: 'Certified',
    description:
      'The UK government-backed scheme that confirms our technical controls protect against the most common cyber attacks.',
    issuer: 'National Cyber Security Centre scheme',
    image: '/images/accreditations/cyber-essentials.svg',
    imageAlt: 'Cyber Essentials certified badge',
    ...accreditationImageSize,
  },
  {
    id: 'cyber-essentials-plus',
    name: 'Cyber Essentials+',
    badge: 'Certified',
    description:
      'The higher level of the scheme, with our controls independently tested through a hands-on technical audit of our systems.',
    issuer: 'National Cyber Security Centre scheme',
    image: '/images/accreditations/cyber-essentials-plus.svg',
    imageAlt: 'Cyber Essentials+ certified badge',
    ...accreditationImageSize,
  },
  {
    id: 'iso-27001',
    name: 'ISO 27001',
    badge: 'Certified',
    description:
      'Our information security management system is certified to ISO/IEC 27001:2022, covering how we protect client data across every engagement.',
    issuer: 'Independent UKAS-accredited certification body',
    image: '/images/accreditations/iso-27001.svg',
    imageAlt: 'ISO 27001 certified badge',
    ...accreditationImageSize,
  },
];
