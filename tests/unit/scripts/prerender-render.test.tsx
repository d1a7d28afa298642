// @vitest-environment node
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';

import { PrerenderError, renderPath, renderStatic } from '@/entry-server';

import { assertPageComplete, splitHeadTags } from '../../../scripts/prerender';

function Broken(): never {
  throw new Error('The service copy has no "data-audits"');
}

describe('renderStatic', () => {
  it('fails, naming the route, when a component inside a Suspense boundary throws', async () => {
    // React would report this only to onError and ship the fallback: an empty <main>.
    const page = (
      <main>
        <Suspense fallback={<p>Loading…</p>}>
          <h1>Data audits</h1>
          <Broken />
        </Suspense>
      </main>
    );
    const failure = renderStatic(page, '/service/data-audits');
    await expect(failure).rejects.toThrow(PrerenderError);
    await expect(failure).rejects.toThrow(
      'Prerendering /service/data-audits failed: Error: The service copy has no "data-audits"',
    );
  });

  it('fails, naming the route, when a component outside every boundary throws', async () => {
    await expect(renderStatic(<Broken />, '/about')).rejects.toThrow(
      /^Prerendering \/about failed: Error: The service copy has no "data-audits"$/,
    );
  });

  it('renders a tree without errors', async () => {
    expect(
      await renderStatic(
        <main>
          <h1>Fine</h1>
        </main>,
        '/',
      ),
    ).toBe('<main><h1>Fine</h1></main>');
  });
});

describe('prerendering the real routes', () => {
  it('every service page renders its <main> with its <h1> (the chunk chosen by slug)', async () => {
    const { serviceCatalogue } = await import('@/content/service-catalogue');
    for (const { slug, title } of serviceCatalogue) {
      const { body } = splitHeadTags(await renderPath(`/service/${slug}`));
      expect(() => assertPageComplete(body, `/service/${slug}`)).not.toThrow();
      expect(body).toContain(title.replace(/&/g, '&amp;'));
    }
  });
});
