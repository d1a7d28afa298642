import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ConsentManager } from '@/features/consent/consent-manager';
import { allAccepted, saveConsent } from '@/features/consent/consent-storage';
import { consentStore } from '@/features/consent/consent-store';
import { CookieSettingsButton } from '@/features/consent/cookie-settings-button';

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Link to="/">Home</Link>
      <Link to="/auth">Staff sign-in</Link>
      <CookieSettingsButton />
      <ConsentManager />
    </MemoryRouter>,
  );
}

const banner = () =>
  screen.queryByRole('region', { name: 'We use cookies to enhance your experience' });

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  localStorage.clear();
  consentStore.reset();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  document.head.querySelectorAll('script[data-consent-category]').forEach((s) => s.remove());
});

describe('the staff area asks nothing about cookies', () => {
  it.each(['/auth', '/admin', '/admin/staff', '/admin/data-requests'])(
    'shows no banner on %s',
    async (path) => {
      renderAt(path);
      await advance(3000);
      // the store never opens it, so no lazy chunk is on its way either.
      expect(consentStore.getSnapshot().bannerOpen).toBe(false);
      expect(banner()).toBeNull();
    },
  );

  it('still opens Cookie settings there', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderAt('/auth');
    await user.click(screen.getByRole('button', { name: 'Cookie settings' }));
    expect(await screen.findByRole('dialog')).toBeVisible();
  });

  it('shows the banner on a public page, and again after leaving the staff area', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderAt('/');
    await advance(1100);
    expect(await screen.findByRole('region', { name: /We use cookies/ })).toBeVisible();

    await user.click(screen.getByRole('link', { name: 'Staff sign-in' }));
    expect(banner()).toBeNull();
    expect(screen.queryByText(/We use cookies/)).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Home' }));
    expect(await screen.findByRole('region', { name: /We use cookies/ })).toBeVisible();
  });

  it('injects no consented script there, even with consent given', async () => {
    vi.stubEnv('VITE_ANALYTICS_SCRIPT_URL', 'https://analytics.example/staff-test.js');
    saveConsent(localStorage, allAccepted, Date.now());
    consentStore.reset();
    const { unmount } = renderAt('/admin');
    await advance(100);
    expect(document.head.querySelector('script[data-consent-category]')).toBeNull();
    unmount();

    renderAt('/');
    await advance(100);
    expect(
      document.head.querySelector('script[src="https://analytics.example/staff-test.js"]'),
    ).not.toBeNull();
  });
});
