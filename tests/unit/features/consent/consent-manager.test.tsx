import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { HOUR_MS } from '@/config/site';
import * as notifyModule from '@/components/ui/toast/notify';
import { ConsentManager } from '@/features/consent/consent-manager';
import { CONSENT_STORAGE_KEY, saveConsent, allAccepted } from '@/features/consent/consent-storage';
import { consentStore, useConsentState } from '@/features/consent/consent-store';
import { CookieSettingsButton } from '@/features/consent/cookie-settings-button';

/** What the store lets marketing scripts do: nothing until the visitor has said yes. */
function MarketingProbe() {
  const { record } = useConsentState();
  return <p>marketing: {record?.preferences.marketing ? 'granted' : 'refused'}</p>;
}

function renderConsent() {
  return render(
    <MemoryRouter>
      <MarketingProbe />
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
  vi.restoreAllMocks();
});

describe('cookie banner', () => {
  it('is hidden at first and appears 1 second after load without consent', async () => {
    renderConsent();
    expect(banner()).toBeNull();
    await advance(900);
    expect(banner()).toBeNull();
    await advance(200);
    expect(
      await screen.findByRole('region', { name: 'We use cookies to enhance your experience' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
    expect(screen.getByRole('link', { name: 'Cookie Policy' })).toHaveAttribute(
      'href',
      '/cookie-policy',
    );
  });

  it('stays hidden when a valid choice exists', async () => {
    saveConsent(localStorage, allAccepted, Date.now());
    consentStore.reset();
    renderConsent();
    await advance(1500);
    expect(banner()).toBeNull();
    expect(screen.getByText('marketing: granted')).toBeInTheDocument();
  });

  it('Accept All saves every category and closes', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime, pointerEventsCheck: 0 });
    renderConsent();
    await advance(1100);
    await user.click(await screen.findByRole('button', { name: 'Accept All' }));
    expect(banner()).toBeNull();
    expect(JSON.parse(localStorage.getItem(CONSENT_STORAGE_KEY) ?? '').preferences).toEqual(
      allAccepted,
    );
    expect(screen.getByText('marketing: granted')).toBeInTheDocument();
  });

  it('Reject All saves only essential and closes', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime, pointerEventsCheck: 0 });
    renderConsent();
    await advance(1100);
    await user.click(await screen.findByRole('button', { name: 'Reject All' }));
    expect(banner()).toBeNull();
    expect(JSON.parse(localStorage.getItem(CONSENT_STORAGE_KEY) ?? '').preferences).toEqual({
      essential: true,
      functional: false,
      performance: false,
      marketing: false,
    });
    expect(screen.getByText('marketing: refused')).toBeInTheDocument();
  });

  it('the close icon hides the banner and it returns after 24 hours without consent', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime, pointerEventsCheck: 0 });
    const first = renderConsent();
    await advance(1100);
    await user.click(await screen.findByRole('button', { name: 'Close cookie banner' }));
    expect(banner()).toBeNull();
    first.unmount();

    const second = renderConsent();
    await advance(2000);
    expect(banner()).toBeNull();
    second.unmount();

    vi.setSystemTime(Date.now() + 24 * HOUR_MS);
    renderConsent();
    await advance(1100);
    expect(
      await screen.findByRole('region', { name: 'We use cookies to enhance your experience' }),
    ).toBeVisible();
  });
});

describe('preferences dialog', () => {
  it('opens from Customize with the defaults, toggles, and saves with a toast', async () => {
    const notify = vi.spyOn(notifyModule, 'notify').mockImplementation(() => {});
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime, pointerEventsCheck: 0 });
    renderConsent();
    await advance(1100);
    await user.click(await screen.findByRole('button', { name: 'Customize' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cookie Preferences' });

    const essential = within(dialog).getByRole('switch', { name: /Essential Cookies/ });
    expect(essential).toBeChecked();
    expect(essential).toBeDisabled();
    expect(within(dialog).getByText('Required')).toBeInTheDocument();
    const marketing = within(dialog).getByRole('switch', { name: /Marketing Cookies/ });
    expect(marketing).not.toBeChecked();
    await user.click(marketing);
    expect(marketing).toBeChecked();

    await user.click(within(dialog).getByRole('button', { name: 'Save Preferences' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(banner()).toBeNull();
    expect(notify).toHaveBeenCalledWith({
      title: 'Cookie preferences saved',
      description: 'Your cookie preferences have been updated successfully.',
      variant: 'success',
    });
    expect(screen.getByText('marketing: granted')).toBeInTheDocument();
  });

  it('Accept All in the dialog enables everything with its toast', async () => {
    const notify = vi.spyOn(notifyModule, 'notify').mockImplementation(() => {});
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime, pointerEventsCheck: 0 });
    renderConsent();
    await user.click(screen.getByRole('button', { name: 'Cookie settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cookie Preferences' });
    await user.click(within(dialog).getByRole('button', { name: 'Accept All' }));
    expect(notify).toHaveBeenCalledWith({
      title: 'All cookies accepted',
      description: 'All cookie categories have been enabled.',
      variant: 'success',
    });
    expect(JSON.parse(localStorage.getItem(CONSENT_STORAGE_KEY) ?? '').preferences).toEqual(
      allAccepted,
    );
  });

  it('Cancel closes without saving, and reopening shows the saved choice', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime, pointerEventsCheck: 0 });
    saveConsent(localStorage, { ...allAccepted, marketing: false }, Date.now());
    consentStore.reset();
    renderConsent();
    await user.click(screen.getByRole('button', { name: 'Cookie settings' }));
    let dialog = await screen.findByRole('dialog', { name: 'Cookie Preferences' });
    expect(within(dialog).getByRole('switch', { name: /Functional Cookies/ })).toBeChecked();
    await user.click(within(dialog).getByRole('switch', { name: /Marketing Cookies/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('marketing: refused')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cookie settings' }));
    dialog = await screen.findByRole('dialog', { name: 'Cookie Preferences' });
    expect(within(dialog).getByRole('switch', { name: /Marketing Cookies/ })).not.toBeChecked();
  });
});
