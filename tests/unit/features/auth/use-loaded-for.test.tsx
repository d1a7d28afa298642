import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { useLoadedFor } from '@/features/auth/use-loaded-for';

import { useSupabaseNetwork } from '../../support/supabase-network';

const network = useSupabaseNetwork();

/** A load whose answers the test gives by hand, one pending promise per call. */
function manualLoad() {
  const pending = new Map<string, (value: string) => void>();
  const load = vi.fn(
    (_client: unknown, key: string) => new Promise<string>((resolve) => pending.set(key, resolve)),
  );
  const answer = async (key: string, value: string) => {
    await act(async () => pending.get(key)?.(value));
  };
  return { load, answer };
}

describe('useLoadedFor', () => {
  it('is null until the answer for the current key arrives, and never shows another key’s answer', async () => {
    const { client, requests } = network.answer();
    const { load, answer } = manualLoad();
    const { result, rerender } = renderHook(
      ({ key }: { key: string | null }) => useLoadedFor(client, key, load),
      { initialProps: { key: 'user-a' as string | null } },
    );
    expect(result.current).toBeNull();
    await answer('user-a', 'admin');
    expect(result.current).toBe('admin');

    rerender({ key: 'user-b' });
    expect(result.current).toBeNull();
    rerender({ key: 'user-c' });
    await answer('user-c', 'user');
    expect(result.current).toBe('user');
    // An answer for a key that is no longer current arrives late: it is dropped.
    await answer('user-b', 'admin');
    expect(result.current).toBe('user');
    rerender({ key: 'user-b' });
    expect(result.current).toBeNull();

    rerender({ key: null });
    expect(result.current).toBeNull();
    expect(load.mock.calls.map(([, key]) => key)).toEqual(['user-a', 'user-b', 'user-c', 'user-b']);
    expect(requests).toEqual([]);
  });

  it('loads nothing without a client', () => {
    const { load } = manualLoad();
    const { result } = renderHook(() => useLoadedFor(null, 'user-a', load));
    expect(result.current).toBeNull();
    expect(load).not.toHaveBeenCalled();
  });
});
