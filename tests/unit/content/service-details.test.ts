import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { serviceCatalogue } from '@/content/service-catalogue';
import {
  detailModuleBySlug,
  loadServicesFor,
  serviceDetailSources,
} from '@/content/service-details';
import { aiServices } from '@/content/services-ai';
import { dataLeadershipServices } from '@/content/services-data';
import { dataPlatformServices } from '@/content/services-data-platform';
import { digitalServices } from '@/content/services-digital';
import type { Service } from '@/content/types';

const root = join(import.meta.dirname, '../../..');

/** Each detail module's source file and the services it exports, read from the files themselves. */
const detailSources: ReadonlyMap<string, readonly Service[]> = new Map([
  ['src/content/services-data.ts', dataLeadershipServices],
  ['src/content/services-data-platform.ts', dataPlatformServices],
  ['src/content/services-ai.ts', aiServices],
  ['src/content/services-digital.ts', digitalServices],
]);

const sourceOf = (slug: string) => serviceDetailSources(slug)[0];

describe('service detail chunks', () => {
  it('every catalogue slug, and nothing else, has a detail module', () => {
    expect(Object.keys(detailModuleBySlug).sort()).toEqual(
      serviceCatalogue.map((service) => service.slug).sort(),
    );
  });

  it('the detail modules together hold the copy of every catalogue service, once', () => {
    const slugs = [...detailSources.values()].flat().map((service) => service.slug);
    expect(slugs.sort()).toEqual(serviceCatalogue.map((service) => service.slug).sort());
  });

  it("each service's mapped module holds its copy, and each module holds only its own", () => {
    for (const { slug } of serviceCatalogue) {
      const source = sourceOf(slug);
      expect(source && detailSources.has(source), `${slug} → ${source}`).toBe(true);
      expect(
        detailSources.get(source!)!.map((service) => service.slug),
        slug,
      ).toContain(slug);
    }
    for (const [source, services] of detailSources) {
      for (const service of services) expect(sourceOf(service.slug), service.slug).toBe(source);
    }
  });

  it('a service page loads the chunk that holds its copy and preloads that source file', async () => {
    for (const summary of serviceCatalogue) {
      const source = sourceOf(summary.slug)!;
      expect(await loadServicesFor(summary), summary.slug).toBe(detailSources.get(source));
      expect(serviceDetailSources(summary.slug)).toEqual([source]);
      expect(existsSync(join(root, source)), source).toBe(true);
    }
    expect(serviceDetailSources('no-such-service')).toEqual([]);
  });
});
