import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { serviceCatalogue } from '@/content/service-catalogue';
import {
  detailModuleBySlug,
  loadDetailModules,
  loadServicesFor,
  serviceDetailSources,
} from '@/content/service-details';

const root = join(import.meta.dirname, '../../..');

describe('service detail chunks', () => {
  it('every catalogue slug, and nothing else, has a detail module', () => {
    expect(Object.keys(detailModuleBySlug).sort()).toEqual(
      serviceCatalogue.map((service) => service.slug).sort(),
    );
  });

  it("each service's mapped module holds its copy, and each module holds only its own", async () => {
    const modules = await loadDetailModules();
    for (const [slug, id] of Object.entries(detailModuleBySlug)) {
      expect(
        modules[id].services.map((service) => service.slug),
        slug,
      ).toContain(slug);
    }
    for (const [id, { services }] of Object.entries(modules)) {
      for (const service of services)
        expect(detailModuleBySlug[service.slug], service.slug).toBe(id);
    }
  });

  it('a service page loads the chunk that holds its copy and preloads that source file', async () => {
    const modules = await loadDetailModules();
    for (const summary of serviceCatalogue) {
      const services = await loadServicesFor(summary);
      expect(
        services.some((service) => service.slug === summary.slug),
        summary.slug,
      ).toBe(true);
      const [source] = serviceDetailSources(summary.slug);
      expect(source).toBe(modules[detailModuleBySlug[summary.slug]!].source);
      expect(existsSync(join(root, source!)), source).toBe(true);
    }
    expect(serviceDetailSources('no-such-service')).toEqual([]);
  });
});
