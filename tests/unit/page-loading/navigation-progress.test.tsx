import { act, fireEvent, render, screen } from '@testing-library/react';
import { Suspense, use } from 'react';
import { BrowserRouter, Route, Routes, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { NavigationProgress } from '@/page-loading/navigation-progress';

let release: () => void = () => {};
let slowPage = new Promise<void>((resolve) => (release = resolve));

function Slow() {
  use(slowPage);
  return <h1>Slow page</h1>;
}

function Nav() {
  const navigate = useNavigate();
  return (
    <>
      <button type="button" onClick={() => void navigate('/slow')}>
        Go slow
      </button>
      <button type="button" onClick={() => void navigate('/')}>
        Go home
      </button>
    </>
  );
}

function renderApp() {
  render(
    <BrowserRouter>
      <NavigationProgress />
      <Nav />
      <Suspense fallback={<p>Fallback</p>}>
        <Routes>
          <Route path="/" element={<h1>Home page</h1>} />
          <Route path="/slow" element={<Slow />} />
        </Routes>
      </Suspense>
    </BrowserRouter>,
  );
}

afterEach(() => {
  vi.useRealTimers();
  window.history.replaceState(null, '', '/');
  slowPage = new Promise<void>((resolve) => (release = resolve));
});

describe('NavigationProgress', () => {
  it('shows while a navigation waits for its page, over the page still shown, then goes', async () => {
    renderApp();
    expect(screen.queryByTestId('navigation-progress')).toBeNull();
    // Only the component's own delay is faked; React's scheduling runs as usual.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Go slow' })));
    await act(async () => vi.advanceTimersByTime(149));
    // Not at once: a navigation that commits within the delay shows nothing.
    expect(screen.queryByTestId('navigation-progress')).toBeNull();
    await act(async () => vi.advanceTimersByTime(1));
    vi.useRealTimers();
    expect(screen.getByTestId('navigation-progress')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(screen.queryByText('Fallback')).toBeNull();
    await act(async () => release());
    await screen.findByRole('heading', { name: 'Slow page' });
    expect(screen.queryByTestId('navigation-progress')).toBeNull();
  });

  it('does not show for a navigation that commits at once, nor come back on returning', async () => {
    release();
    renderApp();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Go slow' })));
    await screen.findByRole('heading', { name: 'Slow page' });
    // The clock is the test's from the click on, so the bar's delay is passed, not slept through.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Go home' })));
    await screen.findByRole('heading', { name: 'Home page' });
    await act(async () => vi.advanceTimersByTime(300));
    vi.useRealTimers();
    expect(screen.queryByTestId('navigation-progress')).toBeNull();
  });
});
