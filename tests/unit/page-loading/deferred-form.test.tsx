import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { DeferredForm } from '@/page-loading/deferred-form';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const submitted = vi.fn();
const live = vi.fn();

/** A form that reports itself live once mounted, as the enquiry form does. */
function TestForm({ onReady }: { onReady: () => void }) {
  useEffect(() => {
    live();
    onReady();
  }, [onReady]);
  return (
    <form
      aria-label="Test form"
      onSubmit={(event) => {
        event.preventDefault();
        submitted(new FormData(event.currentTarget).get('name'));
      }}
    >
      <input name="name" aria-label="Name" defaultValue="" />
    </form>
  );
}

const placeholder = <div data-testid="placeholder" />;

let intersect: (() => void) | undefined;

beforeEach(() => {
  submitted.mockClear();
  live.mockClear();
  intersect = undefined;
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
        intersect = () => callback([{ isIntersecting: true }]);
      }
      observe() {}
      disconnect() {}
    },
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

/** The prerendered markup in the page, then hydrated as the browser would. */
async function hydrateFromServerHtml() {
  const container = document.createElement('div');
  // Rendered while no static form is in the document, as the prerender does: the whole form.
  container.innerHTML = renderToString(<DeferredForm form={TestForm} placeholder={placeholder} />);
  document.body.append(container);
  await act(async () => {
    hydrateRoot(container, <DeferredForm form={TestForm} placeholder={placeholder} />);
  });
  return container;
}

describe('DeferredForm', () => {
  it('on a client render (no static form in the page) renders the form at once', () => {
    render(<DeferredForm form={TestForm} placeholder={placeholder} />);
    expect(screen.getByRole('form', { name: 'Test form' })).toBeInTheDocument();
    expect(screen.queryByTestId('placeholder')).toBeNull();
  });

  it('keeps the static form, unhydrated, until it nears the viewport', async () => {
    const container = await hydrateFromServerHtml();
    const staticForm = container.querySelector('form')!;
    staticForm.querySelector('input')!.value = 'Ada';
    await act(async () => document.body.click());
    expect(live).not.toHaveBeenCalled();

    await act(async () => intersect!());
    expect(live).toHaveBeenCalledTimes(1);
    // Hydrated in place: the same element, with what was typed into it.
    expect(container.querySelector('form')).toBe(staticForm);
    expect(staticForm.querySelector('input')!.value).toBe('Ada');
  });

  it.each(['focusin', 'pointerdown', 'touchstart'])(
    'comes alive at once on %s inside the form, which React stops at its root while the form is dehydrated',
    async (type) => {
      const container = await hydrateFromServerHtml();
      await act(async () => {
        container.querySelector('input')!.dispatchEvent(new Event(type, { bubbles: true }));
      });
      expect(live).toHaveBeenCalledTimes(1);
    },
  );

  it('holds a submit made before its code is in, then sends it through the live form', async () => {
    const container = await hydrateFromServerHtml();
    const staticForm = container.querySelector('form')!;
    staticForm.querySelector('input')!.value = 'Grace';
    const early = new Event('submit', { bubbles: true, cancelable: true });

    await act(async () => {
      staticForm.dispatchEvent(early);
    });

    expect(early.defaultPrevented).toBe(true);
    expect(submitted).toHaveBeenCalledTimes(1);
    expect(submitted).toHaveBeenCalledWith('Grace');
  });
});
