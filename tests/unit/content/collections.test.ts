import { describe, expect, it } from 'vitest';
import { staticPaths } from '@/app/static-paths';
import { limits, site } from '@/config/site';
import * as about from '@/content/about';
import { accreditations } from '@/content/accreditations';
import { caseStudies } from '@/content/case-studies';
import { clientLogos } from '@/content/clients';
import * as faq from '@/content/faq';
import { frameworks } from '@/content/frameworks';
import * as home from '@/content/home';
import * as pageCopy from '@/content/page-copy';
import * as resourcesCopy from '@/content/resources-copy';
import * as seo from '@/content/seo';
import { serviceSlugs } from '@/content/service-catalogue';
import { team } from '@/content/team';
import { testimonials } from '@/content/testimonials';
import { whitepapers } from '@/content/whitepapers';

function expectUniqueIds(items: readonly { id: string }[]) {
  const ids = items.map((item) => item.id);
  expect(new Set(ids).size).toBe(ids.length);
  for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
}

/** A real calendar day written YYYY-MM-DD (not 2025-02-30). */
function expectCalendarDay(day: string) {
  expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect(new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10)).toBe(day);
}

/** Every string inside a value, however deeply nested. */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value === null || typeof value !== 'object') return [];
  return Object.values(value).flatMap(stringsIn);
}

describe('team', () => {
  it('has unique ids, initials matching their names and a gradient', () => {
    expect(team.length).toBeGreaterThan(0);
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
  it('have unique ids and metrics in the units the card shows', () => {
    expect(caseStudies.length).toBeGreaterThan(0);
    expectUniqueIds(caseStudies);
    for (const { metrics } of caseStudies) {
      expect(metrics.improvement).toMatch(/^\d+%$/);
      expect(metrics.timeline).toMatch(/^\d+ months?$/);
      expect(metrics.teamSize).toMatch(/^(1 person|\d+ people)$/);
    }
  });

  it('feature only the first', () => {
    expect(caseStudies.map((c) => c.featured)).toEqual(caseStudies.map((_, index) => index === 0));
  });

  it('build PDF links from the documents base URL and carry tags', () => {
    for (const study of caseStudies) {
      expect(study.pdfUrl).toBe(`${site.documentsBaseUrl}/case-studies/${study.id}.pdf`);
      expect(study.tags.length).toBeGreaterThanOrEqual(3);
    }
  });
});

describe('whitepapers', () => {
  it('are all available with a download link under the documents base URL', () => {
    expect(whitepapers.length).toBeGreaterThan(0);
    expectUniqueIds(whitepapers);
    for (const paper of whitepapers) {
      expect(paper.available).toBe(true);
      expect(paper.downloadUrl.startsWith(`${site.documentsBaseUrl}/`)).toBe(true);
    }
  });

  it('feature only the first', () => {
    expect(whitepapers.map((w) => w.featured)).toEqual(whitepapers.map((_, index) => index === 0));
  });

  it('are dated with real calendar days', () => {
    for (const paper of whitepapers) expectCalendarDay(paper.publishDate);
  });

  it('credits team members as authors', () => {
    const names = new Set(team.map((m) => m.name));
    for (const paper of whitepapers) expect(names.has(paper.author)).toBe(true);
  });
});

describe('testimonials, clients, frameworks, accreditations, FAQ', () => {
  it('rate every testimonial in whole stars out of 5', () => {
    expectUniqueIds(testimonials);
    for (const { rating } of testimonials) {
      expect(Number.isInteger(rating)).toBe(true);
      expect(rating).toBeGreaterThanOrEqual(1);
      expect(rating).toBeLessThanOrEqual(5);
    }
  });

  it('give every client logo a unique name and explicit sizes', () => {
    expectUniqueIds(clientLogos);
    expect(new Set(clientLogos.map((c) => c.name)).size).toBe(clientLogos.length);
    for (const logo of clientLogos) {
      expect(logo.width).toBeGreaterThan(0);
      expect(logo.height).toBeGreaterThan(0);
    }
  });

  it('give every framework a badge', () => {
    expectUniqueIds(frameworks);
    for (const framework of frameworks) expect(framework.badge.trim()).not.toBe('');
  });

  it('show only accreditations that are held', () => {
    expectUniqueIds(accreditations);
    expect(accreditations.every((a) => a.badge === 'Certified')).toBe(true);
  });

  it('name in the FAQ only frameworks the home page lists', () => {
    expectUniqueIds(faq.faqItems);
    const answer = faq.faqItems.find((f) => f.id === 'government-supplier')?.answer ?? '';
    const named = answer.match(/G-Cloud \d+|Digital Outcomes and Specialists \d+/g) ?? [];
    expect(named.length).toBeGreaterThan(0);
    const listed = new Set(frameworks.map((f) => f.name));
    for (const name of named) expect(listed.has(name)).toBe(true);
  });
});

describe('home and about copy', () => {
  it('points every call to action at a page the build renders', () => {
    const pages = new Set(staticPaths());
    const ctas = [
      home.heroContent.primaryCta,
      home.heroContent.secondaryCta,
      home.servicesSectionContent.viewAllCta,
      about.aboutCta.cta,
    ];
    for (const { href } of ctas) expect(pages.has(href.split('#')[0]!)).toBe(true);
  });

  it('counts the services in the hero statistic', () => {
    const stat = home.heroStats.find((s) => /services/i.test(s.label));
    expect(stat?.value).toBe(String(serviceSlugs.length));
  });

  it('offers the free consultation at its configured length wherever it is named', () => {
    const offers = [about, faq, home, pageCopy, resourcesCopy, seo]
      .flatMap(stringsIn)
      .flatMap((text) => [...text.matchAll(/(\d+)-minute\b/g)].map((match) => match[1]));
    expect(offers.length).toBeGreaterThan(0);
    for (const minutes of offers) expect(Number(minutes)).toBe(limits.freeConsultationMinutes);
  });
});
