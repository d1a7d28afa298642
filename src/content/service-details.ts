import { getServiceSummary } from '@/content/service-catalogue';
import type { Service, ServiceSummary } from '@/content/types';

/**
 * The full copy of the services, one chunk per detail module, loaded only for the service page
 * being shown (never with listings). Promises carry React's status fields once settled, so
 * `use()` reads a preloaded module synchronously: prerender and hydration preload it.
 */
type TrackedPromise<T> = Promise<T> & {
  status?: 'pending' | 'fulfilled' | 'rejected';
  value?: T;
  reason?: unknown;
};

type DetailModule = { source: string; load: () => Promise<readonly Service[]> };

const detailModules = {
  dataLeadership: {
    source: 'src/content/services-data.ts',
    load: () => import('@/content/services-data').then((m) => m.dataLeadershipServices),
  },
  dataPlatform: {
    source: 'src/content/services-data-platform.ts',
    load: () => import('@/content/services-data-platform').then((m) => m.dataPlatformServices),
  },
  ai: {
    source: 'src/content/services-ai.ts',
    load: () => import('@/content/services-ai').then((m) => m.aiServices),
  },
  digital: {
    source: 'src/content/services-digital.ts',
    load: () => import('@/content/services-digital').then((m) => m.digitalServices),
  },
} satisfies Record<string, DetailModule>;

type DetailModuleId = keyof typeof detailModules;

/**
 * The detail module that holds each service's copy, by slug: an explicit map rather than a
 * position in the catalogue, so reordering or adding a service cannot send a page to the wrong
 * chunk. A content test checks that every catalogue slug is here and its module holds it.
 */
export const detailModuleBySlug: Readonly<Record<string, DetailModuleId>> = {
  'cdo-as-a-service': 'dataLeadership',
  'dpo-as-a-service': 'dataLeadership',
  'data-strategy': 'dataLeadership',
  'data-governance': 'dataLeadership',
  'data-protection': 'dataLeadership',
  'data-protection-development-services': 'dataLeadership',
  'data-audits': 'dataLeadership',
  'data-architecture': 'dataPlatform',
  'data-engineering': 'dataPlatform',
  'data-catalog-metadata-management': 'dataPlatform',
  'data-security-trust': 'dataPlatform',
  'data-risk-assessment': 'dataPlatform',
  'data-science-analytics': 'dataPlatform',
  'genai-integration': 'ai',
  'genai-training-development': 'ai',
  'ai-readiness-assessment': 'ai',
  'agentic-ai': 'ai',
  'digital-transformation': 'digital',
  'cloud-data-platform-design': 'digital',
  'data-modernisation-migration': 'digital',
  'itsm-consolidation-services': 'digital',
};

function moduleFor(summary: ServiceSummary): DetailModule {
  const id = detailModuleBySlug[summary.slug];
  if (!id) throw new Error(`No detail module is mapped for the service "${summary.slug}"`);
  return detailModules[id];
}

const cache = new Map<DetailModule, TrackedPromise<readonly Service[]>>();

function track<T>(promise: Promise<T>): TrackedPromise<T> {
  const tracked = promise as TrackedPromise<T>;
  tracked.status = 'pending';
  promise.then(
    (value) => {
      tracked.status = 'fulfilled';
      tracked.value = value;
    },
    (reason: unknown) => {
      tracked.status = 'rejected';
      tracked.reason = reason;
    },
  );
  return tracked;
}

function load(module: DetailModule): TrackedPromise<readonly Service[]> {
  let promise = cache.get(module);
  if (!promise) {
    promise = track(module.load());
    cache.set(module, promise);
  }
  return promise;
}

/** The services of the detail module that holds this known service (cached per module). */
export function loadServicesFor(summary: ServiceSummary): Promise<readonly Service[]> {
  return load(moduleFor(summary));
}

/** The source module /service/{slug} needs beside its page module (none for an unknown slug). */
export function serviceDetailSources(slug: string): readonly string[] {
  const summary = getServiceSummary(slug);
  return summary ? [moduleFor(summary).source] : [];
}

/** Starts loading what /service/{slug} needs; resolves at once for an unknown slug. */
export function preloadServiceDetail(slug: string): Promise<unknown> {
  const summary = getServiceSummary(slug);
  return summary ? loadServicesFor(summary) : Promise.resolve();
}
