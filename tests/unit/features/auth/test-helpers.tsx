import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';

import { attachDeliverer, type ToastMessage } from '@/components/ui/toast/notify';
import { AuthProvider } from '@/features/auth/auth-provider';
import type { AppSupabaseClient } from '@/lib/supabase';

/** Collects notify() messages through the toast module's own delivery hook. */
export function captureToasts(): ToastMessage[] {
  const messages: ToastMessage[] = [];
  attachDeliverer((message) => messages.push(message));
  return messages;
}

export function releaseToasts() {
  attachDeliverer(null);
}

/** Silences the audit log's console.info / console.warn (its own tests check them). */
export function quietAuditLog() {
  vi.spyOn(console, 'info').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
}

function LocationProbe() {
  const { pathname } = useLocation();
  return <p data-testid="location">{pathname}</p>;
}

/** Renders `element` at `path` inside an AuthProvider with the fake client, plus stub routes. */
export function renderWithAuth(
  client: AppSupabaseClient,
  element: ReactNode,
  { path = '/auth' }: { path?: string } = {},
) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AuthProvider client={client}>
        <Routes>
          <Route path={path} element={element} />
          <Route path="/admin" element={<h1>Admin stub</h1>} />
          <Route path="/auth" element={<h1>Auth stub</h1>} />
        </Routes>
      </AuthProvider>
      <LocationProbe />
    </MemoryRouter>,
  );
}
