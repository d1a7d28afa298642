import { act } from '@testing-library/react';
import { useLocation, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';

import { useListView } from '@/features/admin/list/list-params';
import { noFilters } from '@/features/admin/list/list-enquiries';
import { useEnquiryAddress } from '@/features/admin/shared/use-enquiry-address';

import { renderHookAt } from '../support/render-hook-at';

const renderAt = (address: string) =>
  renderHookAt(address, () => ({
    enquiry: useEnquiryAddress(),
    list: useListView(),
    location: useLocation(),
    navigate: useNavigate(),
  }));

describe('useSearchParamsWriter', () => {
  it('keeps an enquiry just opened when the list writes its search before the page renders again', async () => {
    const { result } = renderAt('/admin?poll=1000');
    const { enquiry, list } = result.current;
    await act(async () => {
      // Both setters come from the same render: the second must build on the first.
      enquiry.setEnquiry('a1');
      list[1]({ ...list[0], filters: { ...noFilters, search: 'acme' } });
    });
    expect(new URLSearchParams(result.current.location.search).get('enquiry')).toBe('a1');
    expect(result.current.location.search).toBe('?poll=1000&enquiry=a1&q=acme');
    expect(result.current.enquiry.enquiryId).toBe('a1');
    expect(result.current.list[0].filters.search).toBe('acme');
  });

  it('starts from the address again once it has rendered, so Back is not undone', async () => {
    const { result } = renderAt('/admin?q=first');
    await act(async () => result.current.enquiry.setEnquiry('a1'));
    expect(result.current.location.search).toBe('?q=first&enquiry=a1');
    await act(async () => result.current.navigate(-1));
    expect(result.current.location.search).toBe('?q=first');
    const { list } = result.current;
    await act(async () => list[1]({ ...list[0], page: 1 }));
    expect(result.current.location.search).toBe('?q=first&page=2');
  });
});
