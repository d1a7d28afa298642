import '@/styles/index.css';

import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';

import { AppRoutes } from '@/app/app-routes';
import { isAppPath, loadRoute } from '@/app/route-table';
import { rememberVisitStart } from '@/features/contact/visit-start';
import { AppPathContext } from '@/page-loading/link-click-router';
import { beginPrerenderHydration } from '@/page-loading/prerender-hydration';
import { PRERENDERED_PATH_ATTRIBUTE, samePath } from '@/page-loading/prerendered-path';

/** Head tags that the Seo component renders for each page. */
const PAGE_HEAD_TAGS = [
  'title',
  'meta[name="description"]',
  'meta[name="keywords"]',
  'meta[name="robots"]',
  'link[rel="canonical"]',
  'meta[property^="og:"]',
  'meta[name^="twitter:"]',
  'script[type="application/ld+json"]',
].join(',');

async function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element to render into.');

  const { pathname, search, hostname } = window.location;
  rememberVisitStart({ path: pathname, search, siteHost: hostname, referrer: document.referrer });
  await loadRoute(pathname);

  const app = (
    <StrictMode>
      <BrowserRouter>
        <AppPathContext value={isAppPath}>
          <AppRoutes />
        </AppPathContext>
      </BrowserRouter>
    </StrictMode>
  );

  // Hydrate only markup that was rendered for this very URL. A static host answers an unknown
  // URL with 404.html, and a client-only build has no markup at all: both render from scratch.
  const renderedFor = container.getAttribute(PRERENDERED_PATH_ATTRIBUTE);
  if (renderedFor !== null && samePath(renderedFor, pathname)) {
    // In a transition React hydrates in slices, yielding to input, not in one long task.
    beginPrerenderHydration();
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    // The static page's own head tags (404.html's among them) would sit beside the new page's.
    document.head.querySelectorAll(PAGE_HEAD_TAGS).forEach((tag) => tag.remove());
    container.textContent = '';
    const root = createRoot(container);
    startTransition(() => root.render(app));
  }
}

void start();
