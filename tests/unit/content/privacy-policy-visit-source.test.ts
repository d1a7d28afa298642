import { describe, expect, it } from 'vitest';

import { privacyPolicy } from '@/content/policies/privacy-policy';

const sectionText = (id: string) =>
  JSON.stringify(privacyPolicy.sections.find((section) => section.id === id)?.blocks ?? []);

describe('the privacy policy on the source sent with an enquiry', () => {
  it('names the landing page, the referring site and the campaign tags the form sends', () => {
    const collected = sectionText('data-we-collect');
    expect(collected).toMatch(/page of our website your visit started on/);
    expect(collected).toMatch(/name of the website that linked you there/);
    expect(collected).toMatch(/utm_source, utm_medium and utm_campaign/);
  });

  it('says they stay in memory, are sent only with the enquiry, and involve no cookie', () => {
    const collected = sectionText('data-we-collect');
    expect(collected).toMatch(/in memory only/);
    expect(collected).toMatch(/nothing is sent before you send the enquiry/);
    expect(collected).toMatch(/no cookie, and no consent, is involved/);
  });

  it('gives the use a purpose and a lawful basis', () => {
    expect(sectionText('purposes')).toMatch(/campaigns bring us enquiries/);
    expect(sectionText('legal-bases')).toMatch(/Learning where enquiries come from/);
  });
});
