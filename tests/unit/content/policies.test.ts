import { describe, expect, it } from 'vitest';
import { site } from '@/config/site';
import {
  carbonEmissions,
  carbonReductionPlan,
  netZeroYear,
} from '@/content/policies/carbon-reduction-plan';
import { consentCategories, type ConsentCategory } from '@/content/consent-categories';
import { cookieEntries, cookiePolicy, type CookieCategory } from '@/content/policies/cookie-policy';
import { modernSlaveryStatement } from '@/content/policies/modern-slavery';
import { policyDocuments } from '@/content/policies/policy-documents';
import { privacyPolicy } from '@/content/policies/privacy-policy';
import type { Inline, InlineLink, PolicyBlock, PolicyDocument, TableBlock } from '@/content/types';

function inlineText(content: readonly Inline[]): string {
  return content.map((part) => (typeof part === 'string' ? part : part.text)).join('');
}

/** The words a block puts on the page: a table's caption, header and rows, a list's items. */
function blockText(block: PolicyBlock): string {
  switch (block.type) {
    case 'paragraph':
      return inlineText(block.content);
    case 'subheading':
      return block.text;
    case 'list':
      return block.items.map(inlineText).join('\n');
    case 'table':
      return [
        block.caption,
        block.columns.join(' | '),
        ...block.rows.map((row) => row.join(' | ')),
      ].join('\n');
  }
}

function documentText(doc: PolicyDocument): string {
  return doc.sections
    .flatMap((section) => [section.heading, ...section.blocks.map(blockText)])
    .join('\n');
}

function links(doc: PolicyDocument): InlineLink[] {
  return doc.sections.flatMap((section) =>
    section.blocks.flatMap((block) => {
      const runs =
        block.type === 'paragraph' ? [block.content] : block.type === 'list' ? block.items : [];
      return runs.flatMap((run) =>
        run.filter((part): part is InlineLink => typeof part !== 'string'),
      );
    }),
  );
}

function tables(doc: PolicyDocument): TableBlock[] {
  return doc.sections.flatMap((section) =>
    section.blocks.filter((b): b is TableBlock => b.type === 'table'),
  );
}

describe('policy documents', () => {
  it('has the four policy pages with unique section ids and well-formed tables', () => {
    expect(policyDocuments.map((d) => d.slug)).toEqual([
      'privacy-policy',
      'cookie-policy',
      'modern-slavery',
      'carbon-reduction-plan',
    ]);
    expect(policyDocuments.find((d) => d.slug === 'cookie-policy')).toBe(cookiePolicy);
    for (const doc of policyDocuments) {
      const ids = doc.sections.map((s) => s.id);
      expect(new Set(ids).size, doc.slug).toBe(ids.length);
      expect(doc.description.length).toBeGreaterThanOrEqual(120);
      expect(doc.description.length).toBeLessThanOrEqual(160);
      for (const table of tables(doc)) {
        for (const row of table.rows) expect(row).toHaveLength(table.columns.length);
      }
      expect(documentText(doc)).not.toMatch(/lorem|TODO|TBC|\[insert|\[country|\[link|xx/i);
      for (const link of links(doc)) expect(link.href).toMatch(/^(\/|https:\/\/|mailto:)/);
    }
  });

  it('dates the privacy policy 25 August 2025, with every required heading, the contact e-mail and filled placeholders', () => {
    expect(privacyPolicy.date).toBe('2025-08-25');
    expect(privacyPolicy.dateLabel).toBe('Last updated');
    expect(privacyPolicy.sections.map((s) => s.id)).toEqual([
      'controller',
      'data-we-collect',
      'purposes',
      'legal-bases',
      'storage-and-retention',
      'sharing',
      'international-transfers',
      'your-rights',
      'cookies',
      'marketing',
      'contact',
    ]);
    const text = documentText(privacyPolicy);
    expect(text).toContain(site.privacyEmail);
    expect(text).toContain(site.hostingLocation);
    expect(text).toMatch(/UK GDPR/);
    expect(text).toMatch(/Data Protection Act 2018/);
    expect(links(privacyPolicy)).toContainEqual({ text: 'Cookie Policy', href: '/cookie-policy' });
  });

  it('says the database, not only the website, refuses staff without their authenticator-app code', () => {
    const text = documentText(privacyPolicy);
    expect(text).toContain(
      'The database itself checks on every request, not only our website, that the account holds the administrator role and has entered its authenticator-app code in this session; with the password alone it refuses staff access to enquiries.',
    );
  });

  it('names each cookie of the policy under the consent category that switches it', () => {
    const consentFor: Record<CookieCategory, ConsentCategory> = {
      'strictly-necessary': 'essential',
      functionality: 'functional',
      marketing: 'marketing',
    };
    const namedOnDialog = (id: ConsentCategory) =>
      consentCategories
        .find((category) => category.id === id)!
        .details.flatMap((line) => /\(([^)]+)\)$/.exec(line)?.[1]?.split(', ') ?? []);
    for (const [policyCategory, consent] of Object.entries(consentFor)) {
      const inPolicy = cookieEntries
        .filter((c) => c.category === policyCategory)
        .map((c) => c.name);
      expect(inPolicy.length, policyCategory).toBeGreaterThan(0);
      expect(namedOnDialog(consent), policyCategory).toEqual(expect.arrayContaining(inPolicy));
    }
  });

  it('lists the cookies in tables by category, with browser help links and Ver 25.01', () => {
    expect(cookiePolicy.versionLabel).toBe('Ver 25.01');
    const purposes = cookieEntries.map((c) => c.purpose.toLowerCase());
    expect(purposes.some((p) => p.includes('behaviour tracking'))).toBe(true);
    expect(purposes.some((p) => p.includes('session recordings'))).toBe(true);
    const linkTexts = links(cookiePolicy).map((l) => l.text);
    for (const browser of ['Chrome', 'Firefox', 'Safari', 'Edge']) {
      expect(
        linkTexts.some((t) => t.includes(browser)),
        browser,
      ).toBe(true);
    }
    expect(tables(cookiePolicy)).toHaveLength(3);
  });

  it('covers policies, supplier due diligence and supplier confirmations in the modern slavery statement', () => {
    const ids = modernSlaveryStatement.sections.map((s) => s.id);
    expect(ids).toEqual(
      expect.arrayContaining(['policies', 'supplier-due-diligence', 'supplier-confirmations']),
    );
    expect(documentText(modernSlaveryStatement)).toContain('Modern Slavery Act 2015');
  });
});

describe('carbon reduction plan', () => {
  it('is published 6 October 2025 with a Net Zero by 2050 commitment and a named sign-off', () => {
    expect(carbonReductionPlan.date).toBe('2025-10-06');
    expect(carbonReductionPlan.dateLabel).toBe('Published');
    expect(netZeroYear).toBe(2050);
    const text = documentText(carbonReductionPlan);
    expect(text).toContain('Net Zero');
    expect(text).toContain('2050');
    expect(text).toMatch(/Signed on behalf of .+: [A-Z][a-z]+ [A-Z][a-z]+, /);
    expect(text).toContain('Date: 6 October 2025');
    expect(carbonReductionPlan.sections.map((s) => s.id)).toEqual(
      expect.arrayContaining(['initiatives', 'future-measures', 'declaration-and-sign-off']),
    );
  });

  it('reports the published emissions exactly', () => {
    expect(carbonEmissions.baseline).toEqual({
      year: 2023,
      scope1: 0.0,
      scope2: 0.6,
      scope3: 2.6,
      total: 3.2,
    });
    expect(carbonEmissions.reporting).toEqual({
      year: 2024,
      scope1: 0.0,
      scope2: 0.6,
      scope3: 3.4,
      total: 4.0,
    });
    for (const year of [carbonEmissions.baseline, carbonEmissions.reporting]) {
      expect(year.scope1 + year.scope2 + year.scope3).toBeCloseTo(year.total, 5);
    }
  });

  it('renders the two emissions tables with the figures to one decimal place', () => {
    const [baseline, reporting] = tables(carbonReductionPlan);
    expect(baseline?.caption).toContain('2023');
    expect(baseline?.rows.map((r) => r[1])).toEqual(['0.0', '0.6', '2.6', '3.2']);
    expect(reporting?.caption).toContain('2024');
    expect(reporting?.rows.map((r) => r[1])).toEqual(['0.0', '0.6', '3.4', '4.0']);
  });
});
