import { describe, expect, it } from 'vitest';
import { site } from '@/config/site';
import { accreditations } from '@/content/accreditations';
import { aboutCta, expertiseItems, missionContent, valueTiles } from '@/content/about';
import { caseStudies } from '@/content/case-studies';
import { clientLogos } from '@/content/clients';
import { faqItems } from '@/content/faq';
import { frameworks } from '@/content/frameworks';
import { awardContent, contactSectionContent, heroContent, heroStats } from '@/content/home';
import { articlesPageContent, resourcesCta } from '@/content/resources-copy';
import { team } from '@/content/team';
import { testimonials } from '@/content/testimonials';
import { whitepapers } from '@/content/whitepapers';

function expectUniqueIds(items: readonly { id: string }[]) {
  const ids = items.map((item) => item.id);
  expect(new Set(ids).size).toBe(ids.length);
  for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

describe('team', () => {
  it('has 11 members with unique ids, initials matching their names and a gradient', () => {
    expect(team).toHaveLength(11);
    expectUniqueIds(team);
    for (const member of team) {
      const initials = member.name
        .split(' ')
        .map((part) => part[0])
        .join('');
      expect(member.initials).toBe(initials);
      expect(member.gradient.from).toMatch(/^#[0-9a-f]{6}$/);
      expect(member.gradient.to).toMatch(/^#[0-9a-f]{6}$/);
      expect(member.description.split('. ').length).toBeGreaterThanOrEqual(2);
    }
  });

  it('gives every member a portrait named after their id', () => {
    for (const member of team) expect(member.photo).toBe(`/images/team/${member.id}.svg`);
  });
});

describe('case studies', () => {
  it('has the six case studies with their exact metrics, only the first featured', () => {
    expect(caseStudies).toHaveLength(6);
    expectUniqueIds(caseStudies);
    expect(
      caseStudies.map((c) => [c.metrics.improvement, c.metrics.timeline, c.metrics.teamSize]),
    ).toEqual([
      ['40%', '6 months', '6 people'],
      ['27%', '4 months', '4 people'],
      ['20%', '8 months', '8 people'],
      ['50%', '5 months', '5 people'],
      ['60%', '7 months', '6 people'],
      ['45%', '9 months', '7 people'],
    ]);
    expect(caseStudies.map((c) => c.featured)).toEqual([true, false, false, false, false, false]);
  });

  it('uses the four industries and builds PDF links from the documents base URL', () => {
    const industries = new Set(['Financial Services', 'Fintech', 'Energy', 'Retail']);
    for (const study of caseStudies) {
      expect(industries.has(study.industry)).toBe(true);
      expect(study.pdfUrl).toBe(`${site.documentsBaseUrl}/case-studies/${study.id}.pdf`);
      expect(study.tags.length).toBeGreaterThanOrEqual(3);
    }
    expect(new Set(caseStudies.map((c) => c.industry))).toEqual(industries);
  });
});

describe('whitepapers', () => {
  it('has six, all available with a download link, only the first featured', () => {
    expect(whitepapers).toHaveLength(6);
    expectUniqueIds(whitepapers);
    expect(
      whitepapers.every((w) => w.available && w.downloadUrl.startsWith(site.documentsBaseUrl)),
    ).toBe(true);
    expect(whitepapers.map((w) => w.featured)).toEqual([true, false, false, false, false, false]);
  });

  it('covers the six categories with ISO publish dates', () => {
    expect(whitepapers.map((w) => w.category)).toEqual([
      'AI & Machine Learning',
      'Data Strategy',
      'Cloud Migration',
      'Data Governance',
      'Analytics',
      'Digital Transformation',
    ]);
    for (const paper of whitepapers) {
      expect(paper.publishDate).toMatch(isoDate);
      expect(Number.isNaN(Date.parse(paper.publishDate))).toBe(false);
    }
  });

  it('credits team members as authors', () => {
    const names = new Set(team.map((m) => m.name));
    for (const paper of whitepapers) expect(names.has(paper.author)).toBe(true);
  });
});

describe('testimonials, clients, frameworks, accreditations, FAQ', () => {
  it('has three testimonials, all rated 5', () => {
    expect(testimonials).toHaveLength(3);
    expectUniqueIds(testimonials);
    expect(testimonials.every((t) => t.rating === 5)).toBe(true);
  });

  it('has 11 client logos with unique names and explicit sizes', () => {
    expect(clientLogos).toHaveLength(11);
    expectUniqueIds(clientLogos);
    expect(new Set(clientLogos.map((c) => c.name)).size).toBe(11);
    for (const logo of clientLogos) {
      expect(logo.width).toBeGreaterThan(0);
      expect(logo.height).toBeGreaterThan(0);
    }
  });

  it('has three frameworks badged Active Supplier, Approved Supplier and Framework Partner', () => {
    expect(frameworks).toHaveLength(3);
    expectUniqueIds(frameworks);
    expect(frameworks.map((f) => f.badge)).toEqual([
      'Active Supplier',
      'Approved Supplier',
      'Framework Partner',
    ]);
  });

  it('has Cyber Essentials, Cyber Essentials+ and ISO 27001, all Certified', () => {
    expectUniqueIds(accreditations);
    expect(accreditations.map((a) => a.name)).toEqual([
      'Cyber Essentials',
      'Cyber Essentials+',
      'ISO 27001',
    ]);
    expect(accreditations.every((a) => a.badge === 'Certified')).toBe(true);
  });

  it('has the four FAQ questions, with the consultation promises in the engagement answer', () => {
    expect(faqItems).toHaveLength(4);
    expectUniqueIds(faqItems);
    const start = faqItems.find((f) => f.id === 'getting-started');
    expect(start?.answer).toContain('free 30-minute strategy consultation');
    expect(start?.answer).toContain('custom roadmap');
    expect(start?.answer).toContain('no obligation');
    expect(faqItems.find((f) => f.id === 'government-supplier')?.answer).toContain('G-Cloud 14');
  });
});

describe('home and about copy', () => {
  it('uses the fixed headline, calls to action and stats', () => {
    expect(heroContent.headline).toBe('Transform Your Business with Data & AI');
    expect(heroContent.primaryCta).toEqual({ label: 'Book a Strategy Call', href: '/#contact' });
    expect(heroContent.secondaryCta).toEqual({ label: 'View Our Work', href: '/case-studies' });
    const stats = heroStats.map((s) => `${s.value} ${s.label.toLowerCase()}`);
    expect(stats).toContain('30+ years combined experience');
    expect(stats).toContain('10+ industries');
  });

  it('names the 2025 award and the contact section promises', () => {
    expect(awardContent.year).toBe(2025);
    expect(awardContent.title).toBe('Data Management Solution of the Year');
    expect(contactSectionContent.headline).toBe('Ready to Transform Your Data Strategy?');
    expect(contactSectionContent.benefits).toEqual([
      'Free 30-minute strategy consultation',
      'Custom roadmap for your data journey',
      'No obligation, just expert insights',
    ]);
    expect(contactSectionContent.replyPromise).toContain('within 24 hours');
  });

  it('has the mission points, four expertise items and three value tiles', () => {
    expect(missionContent.points.map((p) => p.title)).toEqual([
      'Unlock Data Value',
      'Future-Ready Solutions',
    ]);
    expect(expertiseItems).toHaveLength(4);
    expect(valueTiles.map((t) => t.title)).toEqual([
      'Strategic Vision',
      'Expert Team',
      'Proven Results',
    ]);
    expect(aboutCta.cta.label).toBe('Contact Us Today');
  });

  it('carries the social-proof figures of the resource pages', () => {
    expect(resourcesCta.socialProof).toBe('Join 500+ data leaders');
    expect(resourcesCta.tiles.map((t) => t.title)).toEqual([
      'Free Strategy Session',
      'Custom Roadmap',
      'Expert Insights',
    ]);
    expect(resourcesCta.tiles[0]?.description).toContain('30-minute');
    expect(articlesPageContent.closing.socialProof).toBe('Join 10,000+ professionals');
    expect(articlesPageContent.heading).toBe('Latest Articles & Insights');
  });
});
