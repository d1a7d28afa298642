import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';

/**
 * The staff area's server-state cache. Created here, inside the lazily loaded staff pages, so
 * public pages never load TanStack Query. No automatic retries: a refusal (RLS 42501, a
 * constraint) is an answer to show at once, not a network blip to hide behind three more tries.
 */
export function createAdminQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
}

export function AdminQueryProvider({
  children,
  client: given,
}: {
  children: ReactNode;
  /** A cache the page has already started filling; a fresh one otherwise. */
  client?: QueryClient;
}) {
  const [client] = useState(() => given ?? createAdminQueryClient());
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
