import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { allAccepted, saveConsent } from '@/features/consent/consent-storage';
import { consentStore, useConsentState } from '@/features/consent/consent-store';

let renders = 0;

function ConsentProbe() {
  renders += 1;
  const { record } = useConsentState();
  return <p>{record ? 'chosen' : 'no choice'}</p>;
}

/** Prerenders the probe as the server would, then hydrates it; returns renders after hydration. */
async function hydrateProbe() {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<ConsentProbe />);
  document.body.append(container);
  renders = 0;
  await act(async () => {
    hydrateRoot(container, <ConsentProbe />);
  });
  return { container, rendersAfterHydration: renders };
}

beforeEach(() => {
  localStorage.clear();
  consentStore.reset();
});

afterEach(() => {
  document.body.innerHTML = '';
});

describe('consent store', () => {
  it('gives the server snapshot itself before any choice, so hydration renders once', async () => {
    expect(consentStore.getSnapshot()).toBe(consentStore.getServerSnapshot());
    const { container, rendersAfterHydration } = await hydrateProbe();
    // A different object with the same content would force a second, synchronous render.
    expect(rendersAfterHydration).toBe(1);
    expect(container).toHaveTextContent('no choice');
  });

  it('re-renders with the stored choice after hydrating markup rendered without it', async () => {
    saveConsent(localStorage, allAccepted, Date.now());
    consentStore.reset();
    expect(consentStore.getSnapshot().record?.preferences).toEqual(allAccepted);
    const { container } = await hydrateProbe();
    expect(container).toHaveTextContent('chosen');
  });
});
