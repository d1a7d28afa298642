import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';

import { attachDeliverer, type ToastMessage } from '@/components/ui/toast/notify';
import { AuthProvider } from '@/features/auth/auth-provider';
import type { AppSupabaseClient } from '@/lib/supabase';

import type { PostgrestRequest } from '../../support/supabase-network';

/** Collects notify() messages through the toast module's own delivery hook. */
export function captureToasts(): ToastMessage[] {
  const messages: ToastMessage[] = [];
  attachDeliverer((message) => messages.push(message));
  return messages;
}

export function releaseToasts() {
  attachDeliverer(null);
}

/** The requests that reached GoTrue, as method, path (after /auth/v1) and JSON body. */
export function authCalls(requests: PostgrestRequest[]) {
  return requests
    .filter((request) => request.kind === 'auth')
    .map(({ method, name, body }) => ({ method, name, body }));
}

/** The actions of the audit entries inserted into audit_log, in order. */
export function auditActions(requests: PostgrestRequest[]): unknown[] {
  return requests
    .filter((request) => request.name === 'audit_log' && request.method === 'POST')
    .map((request) => (request.body as { action: string }).action);
}

/** Silences the audit log's console.info / console.warn (its own tests check them). */
export function quietAuditLog() {
  vi.spyOn(console, 'info').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
}

function LocationProbe() {
  const { pathname, search } = useLocation();
  return <p data-testid="location">{`${pathname}${search}`}</p>;
}

/**
 * Renders `element` at `path` inside an AuthProvider with the client, plus stub routes;
 * `entry` is the URL opened (by default the path itself), e.g. with a query string.
 */
export function renderWithAuth(
  client: AppSupabaseClient,
  element: ReactNode,
  { path = '/auth', entry = path }: { path?: string; entry?: string } = {},
) {
  return render(
    <MemoryRouter initialEntries={[entry]}>
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
