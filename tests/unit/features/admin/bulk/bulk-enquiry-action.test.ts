import { describe, expect, it } from 'vitest';

import {
  choiceTitle,
  describeBulkResult,
  describeSkipped,
  seenFor,
  offeredBulkActions,
  WORKFLOW_STATUSES,
} from '@/features/admin/bulk/bulk-enquiry-action';

describe('offeredBulkActions', () => {
  it('offers "Not spam" and never "Mark as spam", assign or status in the spam list', () => {
    expect(offeredBulkActions('spam', 0)).toEqual(['not_spam', 'delete']);
    expect(offeredBulkActions('spam', 2)).toEqual(['not_spam', 'release', 'delete']);
  });

  it('offers assign, status and spam, never "Not spam", in the workflow lists', () => {
    expect(offeredBulkActions('workflow', 0)).toEqual(['assign', 'status', 'spam', 'delete']);
    expect(offeredBulkActions('workflow', 1)).toEqual([
      'assign',
      'status',
      'spam',
      'release',
      'delete',
    ]);
  });
});

describe('the bulk status choices', () => {
  it('are the workflow statuses, without spam', () => {
    expect(WORKFLOW_STATUSES).toEqual(['new', 'in_progress', 'won', 'lost']);
  });
});

describe('describeBulkResult for assign, status and not spam', () => {
  it('names the assignee, or says unassigned, with what was already so', () => {
    expect(describeBulkResult({ action: 'assign', requested: 2, count: 2 }, 'Alex Lead')).toBe(
      '2 enquiries assigned to Alex Lead.',
    );
    expect(
      describeBulkResult({ action: 'assign', requested: 3, count: 1 }, 'alex@example.com'),
    ).toBe('1 enquiry assigned to alex@example.com (2 already assigned to alex@example.com).');
    expect(describeBulkResult({ action: 'assign', requested: 2, count: 2 })).toBe(
      '2 enquiries unassigned.',
    );
  });

  it('names the status set in words', () => {
    expect(describeBulkResult({ action: 'status', requested: 3, count: 2 }, 'in_progress')).toBe(
      '2 enquiries set to In progress (1 already In progress).',
    );
  });

  it('says where the enquiries taken out of spam went, in the workflow order', () => {
    expect(
      describeBulkResult({
        action: 'not_spam',
        requested: 4,
        count: 3,
        restored: [
          { status: 'new', count: 2 },
          { status: 'won', count: 1 },
        ],
      }),
    ).toBe('3 enquiries marked as not spam: 2 back to New, 1 back to Won (1 not spam).');
    expect(describeBulkResult({ action: 'not_spam', requested: 1, count: 0, restored: [] })).toBe(
      '0 enquiries marked as not spam (1 not spam).',
    );
  });
});

describe('choiceTitle', () => {
  it('names the count as the deletion does', () => {
    expect(choiceTitle('assign', 1)).toBe('Assign 1 enquiry');
    expect(choiceTitle('status', 3)).toBe('Set the status of 3 enquiries');
  });
});

describe('rows changed since the list loaded', () => {
  it('send what the list showed: the assignee for assign, the status for status and spam', () => {
    const rows = [
      { id: 'a', status: 'new', assigned_to: null },
      { id: 'b', status: 'won', assigned_to: 'staff-1' },
    ] as const;
    expect(seenFor('assign', rows)).toEqual({ a: null, b: 'staff-1' });
    expect(seenFor('status', rows)).toEqual({ a: 'new', b: 'won' });
    expect(seenFor('spam', rows)).toEqual({ a: 'new', b: 'won' });
    expect(seenFor('delete', rows)).toBeUndefined();
  });

  it('are not counted as already so, and are named with their value now and who changed it', () => {
    const skipped = [{ id: 'b', current: 'won', changedBy: 'Sam Lee', changedAt: null }];
    expect(describeBulkResult({ action: 'status', requested: 3, count: 2, skipped }, 'lost')).toBe(
      '2 enquiries set to Lost.',
    );
    expect(
      describeSkipped(
        skipped,
        () => 'Ada Prospect',
        (value) => (value === 'won' ? 'Won' : String(value)),
      ),
    ).toBe(
      '1 enquiry not changed, because someone changed it after the list loaded: Ada Prospect (now Won, by Sam Lee).',
    );
    expect(
      describeSkipped(
        [],
        () => '',
        () => '',
      ),
    ).toBeNull();
  });
});
