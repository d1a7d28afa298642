import { getServiceSummariesByPillar, getServiceSummary } from '@/content/service-catalogue';
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

/** services-data.ts holds the first seven Data services of the catalogue; the rest are in -platform. */
const DATA_LEADERSHIP_COUNT = 7;

function moduleFor(summary: ServiceSummary): DetailModule {
  if (summary.pillar !== 'data') return detailModules[summary.pillar];
  const index = getServiceSummariesByPillar('data').indexOf(summary);
  return index < DATA_LEADERSHIP_COUNT ? detailModules.dataLeadership : detailModules.dataPlatform;
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

/** Every detail module, loaded (tests). */
export function loadAllServiceDetails(): Promise<unknown> {
  return Promise.all(Object.values(detailModules).map(load));
}
