import '@/styles/index.css';

import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';

import { AppRoutes } from '@/app/app-routes';
import { findRoute } from '@/app/route-table';
import { PRERENDERED_PATH_ATTRIBUTE, samePath } from '@/lib/prerendered-path';

async function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element to render into.');

  const { pathname } = window.location;
  await findRoute(pathname).page.preload();

  const app = (
    <StrictMode>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </StrictMode>
  );

  // Hydrate only markup that was rendered for this very URL. A static host answers an unknown
  // URL with 404.html, and a client-only build has no markup at all: both render from scratch.
  const renderedFor = container.getAttribute(PRERENDERED_PATH_ATTRIBUTE);
  if (renderedFor !== null && samePath(renderedFor, pathname)) {
    hydrateRoot(container, app);
  } else {
    container.textContent = '';
    createRoot(container).render(app);
  }
}

void start();
