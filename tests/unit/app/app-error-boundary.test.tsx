import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { APP_ERROR_COPY, AppErrorBoundary } from '@/app/app-error-boundary';

const SECRET = 'relation "private.internal_table" does not exist (token abc123)';

function Broken(): never {
  throw new Error(SECRET);
}

function renderBroken() {
  // The boundary logs through console.error on purpose; the setup file fails a test on any
  // unexpected call, so this test records the calls instead.
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
  render(
    <AppErrorBoundary>
      <Broken />
    </AppErrorBoundary>,
  );
  return logged;
}

describe('AppErrorBoundary', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows a friendly heading and text, never the error message', () => {
    renderBroken();
    expect(screen.getByRole('heading', { level: 1, name: APP_ERROR_COPY.title })).toBeVisible();
    expect(screen.getByText(APP_ERROR_COPY.text)).toBeVisible();
    expect(document.body).not.toHaveTextContent(SECRET);
    expect(document.body).not.toHaveTextContent('private.internal_table');
  });

  it('logs the error itself to the console for developers', () => {
    const logged = renderBroken();
    const ours = logged.mock.calls.find(([first]) => first === 'Unexpected application error');
    expect(ours?.[1]).toBeInstanceOf(Error);
    expect((ours?.[1] as Error).message).toBe(SECRET);
  });

  it('offers a full load of the home page and a reload', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    renderBroken();
    const home = screen.getByRole('link', { name: APP_ERROR_COPY.home });
    expect(home).toHaveAttribute('href', '/');
    expect(home).toHaveAttribute('data-reload-document');
    await userEvent.click(screen.getByRole('button', { name: APP_ERROR_COPY.reload }));
    expect(reload).toHaveBeenCalledOnce();
    vi.unstubAllGlobals();
  });

  it('renders its children while nothing throws', () => {
    render(
      <AppErrorBoundary>
        <p>fine</p>
      </AppErrorBoundary>,
    );
    expect(screen.getByText('fine')).toBeVisible();
  });
});
