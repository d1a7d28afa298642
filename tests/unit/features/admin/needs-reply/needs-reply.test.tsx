import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { EnquiryOverviewPanel } from '@/features/admin/overview/enquiry-overview-panel';
import { EnquirySource } from '@/features/admin/record/enquiry-source';
import { LeadSources } from '@/features/admin/overview/lead-sources';
import type { EnquiryNeedingReply } from '@/features/admin/needs-reply/list-enquiries-needing-reply';
import { NeedsReplyItem, NeedsReplyList } from '@/features/admin/needs-reply/needs-reply-list';
import { ResponseFigures } from '@/features/admin/overview/response-figures';
import {
  tabulateSources,
  formatResponseTime,
  type ResponseOverview,
  type ResponseWeek,
  type SourceRow,
} from '@/features/admin/overview/response-overview';
import { authPathFor, safeNextPath } from '@/features/auth/safe-next-path';

import { useSupabaseNetwork } from '../../../support/supabase-network';
import { enquiry, figuresOf, overviewOf, renderAdmin } from '../admin-test-data';

const network = useSupabaseNetwork();

const now = new Date('2026-11-25T12:00:00Z');

function due(n: number, overrides: Partial<EnquiryNeedingReply> = {}): EnquiryNeedingReply {
  return {
    id: `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    created_at: '2026-11-24T15:00:00Z',
    due_at: '2026-11-25T15:00:00Z',
    overdue: false,
    name: `Prospect ${n}`,
    company: `Firm ${n}`,
    status: 'new',
    assigned_to: null,
    assignee_email: null,
    mail_problem: null,
    answered_at: null,
    ...overrides,
  };
}

const staff = [{ id: 'staff-1', email: 'ada@example.com', display_name: 'Ada Lovelace' }];

describe('the Needs a reply list', () => {
  it('says how long is left, and marks a late enquiry "Overdue" in words as well as colour', () => {
    const onOpen = vi.fn();
    render(
      <NeedsReplyList
        rows={[
          due(1, { due_at: '2026-11-25T10:00:00Z', overdue: true, assigned_to: 'staff-1' }),
          due(2),
        ]}
        staff={staff}
        now={now}
        onOpen={onOpen}
      />,
    );
    const items = within(
      screen.getByRole('list', { name: 'Enquiries awaiting a reply' }),
    ).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Overdue by 2 h');
    expect(within(items[0]!).getByText('Overdue')).toBeInTheDocument();
    expect(items[0]).toHaveTextContent('Assigned to:Ada Lovelace');
    expect(items[1]).toHaveTextContent('Due in 3 h');
    expect(within(items[1]!).queryByText('Overdue')).toBeNull();
    expect(items[1]).toHaveTextContent('Assigned to:Unassigned');
    expect(items[1]).toHaveTextContent('Company:Firm 2');
    expect(items[1]).toHaveAttribute('data-enquiry-id', due(2).id);
  });

  it('names the assignee by address until a staff name is known', () => {
    render(
      <ul>
        <NeedsReplyItem
          enquiry={due(3, { assigned_to: 'staff-9', assignee_email: 'sam@example.com' })}
          staff={staff}
          now={now}
          onOpen={() => {}}
        />
      </ul>,
    );
    expect(screen.getByRole('listitem')).toHaveTextContent('Assigned to:sam@example.com');
  });

  it('says when the enquirer answered by e-mail and that answer is what is owed a reply', () => {
    render(
      <NeedsReplyList
        rows={[due(9, { answered_at: '2026-11-25T10:30:00Z' }), due(10)]}
        staff={[]}
        now={now}
        onOpen={() => {}}
      />,
    );
    const [answered, first] = screen.getAllByRole('listitem');
    expect(answered).toHaveTextContent('They answered by e-mail on');
    expect(answered?.querySelector('time[datetime="2026-11-25T10:30:00Z"]')).not.toBeNull();
    expect(first).not.toHaveTextContent('answered by e-mail');
  });

  it('tells staff to phone when no mail reaches the enquirer', () => {
    render(
      <NeedsReplyList
        rows={[
          due(5, { mail_problem: 'acknowledgement_bounced' }),
          due(6, { mail_problem: 'bounced' }),
          due(7, { mail_problem: 'complained' }),
          due(8),
        ]}
        staff={[]}
        now={now}
        onOpen={() => {}}
      />,
    );
    const [acknowledgement, bounced, complained, fine] = screen.getAllByRole('listitem');
    expect(acknowledgement).toHaveTextContent('The acknowledgement bounced: phone them.');
    expect(bounced).toHaveTextContent('Our e-mail to this address bounced: phone them.');
    expect(complained).toHaveTextContent('They marked our e-mail as spam: phone them.');
    expect(fine).not.toHaveTextContent('phone them');
  });

  it('leaves "N/A" to the desktop table: a blank company is "-", a blank name says so', () => {
    render(
      <NeedsReplyList
        rows={[due(5, { name: ' ', company: '' })]}
        staff={[]}
        now={now}
        onOpen={() => {}}
      />,
    );
    const item = screen.getByRole('listitem');
    expect(item).not.toHaveTextContent('N/A');
    expect(item).toHaveTextContent('Company:-');
    expect(screen.getByRole('button', { name: 'No name given' })).toBeInTheDocument();
  });

  it('opens an enquiry by its id from its name', async () => {
    const onOpen = vi.fn();
    render(<NeedsReplyList rows={[due(4)]} staff={[]} now={now} onOpen={onOpen} />);
    await userEvent.click(screen.getByRole('button', { name: 'Prospect 4' }));
    expect(onOpen).toHaveBeenCalledWith(due(4).id);
  });

  it('says so when every enquiry has had its reply', () => {
    render(<NeedsReplyList rows={[]} staff={[]} now={now} onOpen={() => {}} />);
    expect(
      screen.getByText(/Nothing is waiting: every enquiry has had its reply/),
    ).toBeInTheDocument();
  });

  it('says when the database returned only the first 500', () => {
    const rows = Array.from({ length: 500 }, (_, i) => due(i));
    render(<NeedsReplyList rows={rows} staff={[]} now={now} onOpen={() => {}} />);
    expect(screen.getByText(/Showing the 500 due soonest/)).toBeInTheDocument();
  }, 30_000);

  it('is a page a signed-out visitor comes back to after signing in', () => {
    expect(safeNextPath('/admin/needs-reply?enquiry=7f0c')).toBe('/admin/needs-reply?enquiry=7f0c');
    expect(authPathFor('/admin/needs-reply?enquiry=7f0c')).toBe(
      '/auth?next=%2Fadmin%2Fneeds-reply%3Fenquiry%3D7f0c',
    );
  });
});

function week(weekStart: string, overrides: Partial<ResponseWeek> = {}): ResponseWeek {
  return {
    week_start: weekStart,
    received: 0,
    answered: 0,
    answered_within_promise: 0,
    median_first_response_seconds: null,
    share_within_promise: null,
    ...overrides,
  };
}

function responseOverview(): ResponseOverview {
  const weeks = Array.from({ length: 12 }, (_, i) =>
    week(new Date(Date.UTC(2026, 8, 7 + i * 7)).toISOString().slice(0, 10)),
  );
  weeks[10] = week(weeks[10]!.week_start, {
    received: 4,
    answered: 3,
    answered_within_promise: 3,
    median_first_response_seconds: 5 * 3600,
    share_within_promise: 0.75,
  });
  weeks[11] = week(weeks[11]!.week_start, {
    received: 2,
    answered: 2,
    answered_within_promise: 2,
    median_first_response_seconds: 45 * 60,
    share_within_promise: 1,
  });
  return {
    promise_seconds: 86_400,
    awaiting_reply: 3,
    overdue: 1,
    this_week: weeks[11]!,
    last_week: weeks[10]!,
    weeks,
  };
}

describe('response figures', () => {
  it('writes response times in minutes, hours or days', () => {
    expect(formatResponseTime(null)).toBe('—');
    expect(formatResponseTime(45 * 60)).toBe('45 min');
    expect(formatResponseTime(3.5 * 3600)).toBe('3.5 h');
    expect(formatResponseTime(60 * 3600)).toBe('2.5 days');
  });

  it('shows this week against last, and the 12 weeks as a table', async () => {
    render(<ResponseFigures overview={responseOverview()} />);
    const median = screen.getByText('Median first reply', { selector: 'dt' }).parentElement!;
    expect(median).toHaveTextContent('45 min');
    expect(median).toHaveTextContent('Last week: 5 h');
    const share = screen.getByText('Replied within 24 h', { selector: 'dt' }).parentElement!;
    expect(share).toHaveTextContent('100%');
    expect(share).toHaveTextContent('Last week: 75%');
    expect(screen.getAllByRole('img')).toHaveLength(2);

    await userEvent.click(screen.getByText('Show the figures as a table'));
    const table = within(screen.getByRole('region', { name: 'First replies per week table' }));
    const rows = table.getAllByRole('row');
    expect(rows).toHaveLength(13);
    expect(rows[11]).toHaveTextContent('16 Nov 2026435 h75%');
    // a week with no reply due yet has no share: "None owed", never 0%
    expect(rows[1]).toHaveTextContent('07 Sep 202600—None owed');
  });
});

describe('a week with no reply owed', () => {
  it('says "None owed" for the share, this week and last, instead of 0% or a dash', () => {
    const overview = responseOverview();
    const empty = week('2026-11-23', { received: 3 });
    render(
      <ResponseFigures
        overview={{ ...overview, this_week: empty, last_week: week('2026-11-16') }}
      />,
    );
    const share = screen.getByText('Replied within 24 h', { selector: 'dt' }).parentElement!;
    expect(share).toHaveTextContent('None owed');
    expect(share).toHaveTextContent('None owed last week');
    expect(share).not.toHaveTextContent('0%');
    const median = screen.getByText('Median first reply', { selector: 'dt' }).parentElement!;
    expect(median).toHaveTextContent('None answered last week');
  });
});

describe('where leads come from', () => {
  it('keeps the top ten of each, most first, adds up the rest as Other, and names the direct and unrecorded', () => {
    const sourceRows: SourceRow[] = [
      ...Array.from({ length: 12 }, (_, i) => ({
        dimension: 'source' as const,
        value: `site-${String(i).padStart(2, '0')}.example`,
        enquiries: i + 1,
        won: 0,
      })),
      { dimension: 'source', value: '(direct)', enquiries: 20, won: 4 },
      { dimension: 'source', value: '(other)', enquiries: 9, won: 1 },
      { dimension: 'landing_page', value: '(unknown)', enquiries: 7, won: 1 },
      { dimension: 'landing_page', value: '/services', enquiries: 3, won: 2 },
    ];
    const overview = tabulateSources(sourceRows);
    expect(overview.sources).toHaveLength(11);
    expect(overview.sources[0]).toEqual({
      dimension: 'source',
      value: 'Direct',
      enquiries: 20,
      won: 4,
    });
    expect(overview.sources.at(-2)?.value).toBe('site-03.example');
    // site-00 to site-02 (1 + 2 + 3 enquiries) and the database's own "(other)" (9, 1 won)
    expect(overview.sources.at(-1)).toEqual({
      dimension: 'source',
      value: 'Other',
      enquiries: 15,
      won: 1,
    });
    const total = (rows: SourceRow[]) => rows.reduce((sum, row) => sum + row.enquiries, 0);
    expect(total(overview.sources)).toBe(total(sourceRows.filter((r) => r.dimension === 'source')));

    render(<LeadSources overview={overview} />);
    const pages = within(screen.getByRole('table', { name: 'By landing page (top 10)' }));
    expect(pages.getAllByRole('row').map((row) => row.textContent)).toEqual([
      'Landing pageEnquiriesWon',
      'Not recorded71',
      '/services32',
    ]);
    const sources = within(screen.getByRole('table', { name: 'By source (top 10)' }));
    expect(sources.getByRole('rowheader', { name: 'Direct' })).toBeInTheDocument();
    expect(sources.getAllByRole('row').at(-1)).toHaveTextContent('Other151');
  });
});

describe('the source in the enquiry dialog', () => {
  it('shows the landing page, referring host and campaign tags when recorded', () => {
    const { container } = render(
      <EnquirySource
        enquiry={enquiry(1, {
          landing_page: '/services/analytics',
          referrer_host: 'news.example',
          utm_source: 'newsletter',
          utm_medium: 'email',
          utm_campaign: 'autumn',
        })}
      />,
    );
    const block = container.querySelector('dl[aria-label="Where the enquiry came from"]');
    expect(block).toHaveTextContent(
      'Landing page:/services/analyticsReferred by:news.exampleutm_source:newsletterutm_medium:emailutm_campaign:autumn',
    );
  });

  it('says "Not recorded" for an enquiry sent before sources were kept', () => {
    render(<EnquirySource enquiry={enquiry(2)} />);
    expect(screen.getByText('Not recorded')).toBeInTheDocument();
  });
});

describe('the overview', () => {
  it('is busy until its figures have loaded, which come in one request', async () => {
    let release: () => void = () => {};
    const loaded = new Promise<void>((done) => (release = done));
    const { client, requests } = network.answer({
      rpc: {
        enquiry_dashboard_figures: async () => {
          await loaded;
          return { data: figuresOf(overviewOf(), { response: responseOverview() }) };
        },
      },
    });
    renderAdmin(<EnquiryOverviewPanel overview={overviewOf()} pollMs={0} />, client);
    const section = screen.getByRole('region', { name: 'Overview' });
    expect(section).toHaveAttribute('aria-busy', 'true');
    // still busy while the request is at the database
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(section).toHaveAttribute('aria-busy', 'true');
    release();
    await waitFor(() => expect(section).toHaveAttribute('aria-busy', 'false'));
    const figure = (name: string) =>
      screen.getAllByRole('term').find((term) => term.textContent === name)!.parentElement!;
    const needs = figure('Needs a reply');
    expect(needs).toHaveTextContent('Needs a reply3');
    expect(within(needs).getByRole('link')).toHaveAttribute('href', '/admin/needs-reply');
    const overdue = figure('Overdue');
    expect(overdue).toHaveTextContent('Overdue1');
    expect(within(overdue).getByRole('link')).toHaveAttribute('href', '/admin/needs-reply');
    expect(requests.map(({ method, name, body }) => ({ method, name, body }))).toEqual([
      { method: 'POST', name: 'enquiry_dashboard_figures', body: {} },
    ]);
  });
});
