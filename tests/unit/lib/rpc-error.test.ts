import { describe, expect, it } from 'vitest';

import { DataRequestError } from '@/features/data-requests/subject-data';
import { RpcError, rpcErrorMessage } from '@/lib/rpc-error';

describe('rpcErrorMessage', () => {
  it('shows the message of a refused database call as it is', () => {
    expect(rpcErrorMessage(new RpcError('P0001', 'The last admin cannot be removed.'))).toBe(
      'The last admin cannot be removed.',
    );
  });

  it('keeps the code and the subclass name of a feature error', () => {
    const error = new DataRequestError('42501', 'Only staff admins can.');
    expect(error).toBeInstanceOf(RpcError);
    expect(error.name).toBe('DataRequestError');
    expect(error.code).toBe('42501');
    expect(rpcErrorMessage(error)).toBe('Only staff admins can.');
  });

  it('apologises in general words for anything else, never showing its text', () => {
    expect(rpcErrorMessage(new TypeError('fetch failed at 10.0.0.1'))).toBe(
      'Something went wrong. Try again in a moment.',
    );
    expect(rpcErrorMessage('nope')).toBe('Something went wrong. Try again in a moment.');
  });
});
