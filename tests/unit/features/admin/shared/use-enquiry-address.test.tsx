import { act } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';

import { limits } from '@/config/site';
import { pollInterval, useEnquiryAddress } from '@/features/admin/shared/use-enquiry-address';

import { renderHookAt } from '../../../support/render-hook-at';

describe('pollInterval', () => {
  it('takes ?poll= in milliseconds, never below the floor, and the default when absent or not a number', () => {
    expect(pollInterval('2000')).toBe(2000);
    expect(pollInterval('10')).toBe(limits.adminMinPollMs);
    expect(pollInterval(null)).toBe(limits.adminPollMs);
    expect(pollInterval('soon')).toBe(limits.adminPollMs);
  });
});

const renderAt = (address: string) =>
  renderHookAt(address, () => ({ address: useEnquiryAddress(), location: useLocation() }));

describe('useEnquiryAddress', () => {
  it('reads the open enquiry, opens another and closes it, keeping the other parameters', async () => {
    const { result } = renderAt('/admin/needs-reply?poll=1000&enquiry=a1');
    expect(result.current.address.enquiryId).toBe('a1');
    expect(result.current.address.pollIntervalMs).toBe(1000);

    await act(async () => result.current.address.setEnquiry('b2'));
    expect(result.current.address.enquiryId).toBe('b2');
    expect(result.current.location.search).toBe('?poll=1000&enquiry=b2');

    await act(async () => result.current.address.setEnquiry(null));
    expect(result.current.address.enquiryId).toBeNull();
    expect(result.current.location.search).toBe('?poll=1000');
  });
});
