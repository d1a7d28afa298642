import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter, useLocation, useNavigate, useNavigationType } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { isAppPath } from '@/app/route-table';
import {
  AppPathContext,
  isWaitingForPage,
  LinkClickRouter,
  type PreparePage,
} from '@/page-loading/link-click-router';
import { RELOAD_DOCUMENT_ATTRIBUTE } from '@/page-loading/link-action';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A stand-in for the route loader: each path's load settles when the test says so. */
function manualLoader() {
  const pending = new Map<string, () => void>();
  const prepare: PreparePage = (pathname) =>
    new Promise<void>((resolve) => pending.set(pathname, resolve));
  const finish = async (pathname: string) => {
    await act(async () => pending.get(pathname)!());
  };
  return { prepare, finish, asked: () => [...pending.keys()] };
}

/** Back and Forward, or any navigation of the app's own while a click waits. */
function GoBackButton() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      Back
    </button>
  );
}

function Where() {
  const { pathname, hash } = useLocation();
  return <output data-testid="where">{`${useNavigationType()} ${pathname}${hash}`}</output>;
}

const links = (
  <>
    <a href="/cookie-policy">Cookie policy</a>
    <a href="/privacy-policy">This page</a>
    <a href="#contact-us">Contact us</a>
    <a href="https://ico.org.uk/">ICO</a>
    <a href="/cookie-policy" target="_blank">
      New tab
    </a>
    <a href="/files/report.pdf" download>
      Report
    </a>
    <a href="/" {...{ [RELOAD_DOCUMENT_ATTRIBUTE]: '' }}>
      Start again
    </a>
    <a href="/privacy-policy#contact" data-section-link="">
      <span>Talk to us</span>
    </a>
    <a href="/#contact" data-section-link="">
      Contact from here
    </a>
    <a href="/about" onClick={(event) => event.preventDefault()}>
      Handled by its own handler
    </a>
    <a href="/sitemap.xml">Sitemap</a>
    <a href="/robots.txt">Robots</a>
    <a href="/files/report.pdf">Report as PDF</a>
    <a href="/no-such-page">Unknown page</a>
    <a href="/service/data-audits">Data audits</a>
    <section id="contact">Contact section</section>
  </>
);

let root: Root | undefined;

async function mount(
  children: ReactNode = links,
  appPaths: typeof isAppPath = isAppPath,
  prepare?: PreparePage,
) {
  // The document's own address, which a real browser keeps equal to the router's.
  window.history.replaceState(null, '', '/privacy-policy');
  const container = document.createElement('div');
  document.body.replaceChildren(container);
  await act(async () => {
    root = createRoot(container);
    root.render(
      <MemoryRouter initialEntries={['/cookie-policy', '/privacy-policy']} initialIndex={1}>
        <AppPathContext value={appPaths}>
          <Where />
          <LinkClickRouter prepare={prepare} />
          {children}
        </AppPathContext>
      </MemoryRouter>,
    );
  });
  return container;
}

async function click(element: Element, init: MouseEventInit = {}) {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
  await act(async () => {
    element.dispatchEvent(event);
  });
  return event;
}

const where = () => document.querySelector('[data-testid=where]')!.textContent;
const link = (container: Element, name: string) =>
  [...container.querySelectorAll('a')].find((anchor) => anchor.textContent === name)!;

afterEach(() => {
  // Unmounting removes the document listener, which would otherwise outlive the test.
  act(() => root?.unmount());
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

describe('LinkClickRouter', () => {
  it('turns a plain click on a link to another page into a client-side navigation', async () => {
    const container = await mount();
    const event = await click(link(container, 'Cookie policy'));
    expect(event.defaultPrevented).toBe(true);
    expect(where()).toBe('PUSH /cookie-policy');
  });

  it('replaces the history entry for a link to the page already shown', async () => {
    const container = await mount();
    await click(link(container, 'This page'));
    expect(where()).toBe('REPLACE /privacy-policy');
  });

  it('leaves modified clicks, other sites, new tabs, downloads and full loads to the browser', async () => {
    const container = await mount();
    const left = [
      await click(link(container, 'Cookie policy'), { ctrlKey: true }),
      await click(link(container, 'Cookie policy'), { button: 1 }),
      await click(link(container, 'Contact us')),
      await click(link(container, 'ICO')),
      await click(link(container, 'New tab')),
      await click(link(container, 'Report')),
      await click(link(container, 'Start again')),
    ];
    expect(left.map((event) => event.defaultPrevented)).toEqual(left.map(() => false));
    expect(where()).toBe('POP /privacy-policy');
  });

  it('routes a link to any page of the route table, a service page included', async () => {
    const container = await mount();
    await click(link(container, 'Data audits'));
    expect(where()).toBe('PUSH /service/data-audits');
  });

  it('leaves same-origin files and paths no route matches to the browser', async () => {
    const container = await mount();
    const left = [
      await click(link(container, 'Sitemap')),
      await click(link(container, 'Robots')),
      await click(link(container, 'Report as PDF')),
      await click(link(container, 'Unknown page')),
    ];
    expect(left.map((event) => event.defaultPrevented)).toEqual([false, false, false, false]);
    expect(where()).toBe('POP /privacy-policy');
  });

  it('leaves every link to the browser when no route table is provided', async () => {
    const container = await mount(links, () => false);
    const event = await click(link(container, 'Cookie policy'));
    expect(event.defaultPrevented).toBe(false);
    expect(where()).toBe('POP /privacy-policy');
  });

  it('leaves a click that a handler has already dealt with', async () => {
    const container = await mount();
    await click(link(container, 'Handled by its own handler'));
    expect(where()).toBe('POP /privacy-policy');
  });

  it('scrolls a section link to its section on this page, from a click on its content', async () => {
    const container = await mount();
    const scrolls: unknown[] = [];
    vi.spyOn(window, 'scrollTo').mockImplementation(((options: unknown) =>
      scrolls.push(options)) as typeof window.scrollTo);
    const event = await click(container.querySelector('a[href="/privacy-policy#contact"] span')!);
    expect(event.defaultPrevented).toBe(true);
    expect(scrolls).toHaveLength(1);
    expect(document.activeElement).toBe(document.getElementById('contact'));
    expect(where()).toBe('POP /privacy-policy');
  });

  it('navigates a section link to another page there, hash and all', async () => {
    const container = await mount();
    await click(link(container, 'Contact from here'));
    expect(where()).toBe('PUSH /#contact');
  });

  it("starts the navigation once the page's code is in, keeping the current page meanwhile", async () => {
    const loader = manualLoader();
    const container = await mount(links, isAppPath, loader.prepare);
    const event = await click(link(container, 'Data audits'));
    expect(event.defaultPrevented).toBe(true);
    expect(loader.asked()).toEqual(['/service/data-audits']);
    expect(where()).toBe('POP /privacy-policy');
    expect(isWaitingForPage()).toBe(true);
    await loader.finish('/service/data-audits');
    expect(where()).toBe('PUSH /service/data-audits');
    expect(isWaitingForPage()).toBe(false);
  });

  it('lets the later of two clicks win, whichever page loads first', async () => {
    const loader = manualLoader();
    const container = await mount(links, isAppPath, loader.prepare);
    await click(link(container, 'Data audits'));
    await click(link(container, 'Cookie policy'));
    await loader.finish('/cookie-policy');
    await loader.finish('/service/data-audits');
    expect(where()).toBe('PUSH /cookie-policy');
  });

  it('drops a click still waiting when another navigation has happened since', async () => {
    const loader = manualLoader();
    const container = await mount(
      <>
        {links}
        <GoBackButton />
      </>,
      isAppPath,
      loader.prepare,
    );
    await click(link(container, 'Data audits'));
    await click(container.querySelector('button')!);
    expect(where()).toBe('POP /cookie-policy');
    await loader.finish('/service/data-audits');
    expect(where()).toBe('POP /cookie-policy');
  });
});
