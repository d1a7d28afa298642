/**
 * The staff dashboard as staff meet it: a fresh embedded backend on the build's port (54321)
 * holding 10,000 enquiries of the last 12 weeks (every status and interest, a source on many,
 * replies on most that are not new, hours after arrival), an admin signed in with password and
 * TOTP (the aal2 session put into the browser's storage), then per run and width in Chromium,
 * each in a fresh context: the time from navigating to /admin until the first enquiry and the
 * overview's figures are shown, and from following the staff alert's link to one enquiry
 * (/admin/needs-reply?enquiry=<id>) until its record is shown.
 * DATABASE_URL (scripts/pg-throwaway.sh) runs it on another PostgreSQL server.
 */
import { LOCAL_SUPABASE_PORT } from '../../supabase/local/local-keys.ts';
import {
  createUser,
  signedInClient,
  startTestBackend,
} from '../../tests/integration/support/backend.ts';
import { enrollVerifiedTotp } from '../../tests/integration/support/mfa.ts';
import { freshContext, withChromium } from './browser.ts';
import { backendEngine, requireLocalBuild, SITE, startSite } from './local-site.ts';
import { adminTarget } from './targets.ts';

const ADMIN = { email: 'bench.admin@example.com', password: 'bench-password-1' };
/** Every enquiry in the list carries the first; the overview is busy until its figures are in. */
const ROWS = '[data-enquiry-id]';
const OVERVIEW = 'section[aria-labelledby="overview-heading"][aria-busy="false"]';
/** The open record: the dialog's body, drawn once its enquiry is loaded. */
const RECORD = '[role="dialog"] [data-enquiry-record]';

/** One run at one width: the dashboard's first rows and figures, and a link's open record. */
export type AdminSample = { rowsMs: number; overviewMs: number; recordMs: number };
export type AdminResult = {
  /** The database server, as backendEngine() names it. */
  engine: string;
  enquiries: number;
  runs: number;
  widths: { width: number; samples: AdminSample[] }[];
};

/** Enquiries of every status, interest and source over 12 weeks, one row every 12 minutes. */
const ENQUIRIES = `
insert into public.contact_submissions
  ("Name", "Email", "Company", "Interest", "Timeline", "Message", status, created_at,
   landing_page, referrer_host, utm_source, utm_medium, utm_campaign)
select 'Bench Person ' || n, 'bench.' || n || '@example.com', 'Company ' || (n % 500) || ' Ltd',
       (array['data-strategy', 'cloud-migration', 'digital-transformation', 'ai-ml',
              'data-architecture', 'analytics', 'other'])[1 + n % 7],
       (array['immediate', '1-3-months', '3-6-months', '6-plus-months', 'exploring'])[1 + n % 5],
       'Enquiry number ' || n || ' about our data platform and reporting needs.',
       (array['new', 'in_progress', 'won', 'lost', 'spam'])[1 + n % 5],
       now() - make_interval(secs => n * 12 * 7 * 86400.0 / $1),
       case when n % 10 < 8 then (array['/', '/services', '/about', '/case-studies', '/articles'])[1 + n % 5] end,
       (array['www.google.com', 'www.linkedin.com', 'duckduckgo.com', null, null])[1 + n % 5],
       case when n % 4 = 0 then (array['linkedin', 'newsletter', 'google'])[1 + n % 3] end,
       case when n % 4 = 0 then (array['social', 'email', 'cpc'])[1 + n % 3] end,
       case when n % 8 = 0 then 'autumn-data-review' end
  from generate_series(1, $1) as n`;

/**
 * A reply, a call or a mail on nine in ten enquiries that are not new: most a few minutes to six
 * hours after arrival, one in eight after more than a day, none that would lie in the future. The
 * reply rows, and on each enquiry the first response and last contact they make.
 */
const REPLIES = `
with answered as (
  select id, n, created_at + case when n % 8 = 0 then make_interval(hours => 25 + n * 7 % 72)
                                  else make_interval(mins => 5 + n * 37 % 355) end as replied_at
    from (select id, created_at, (row_number() over (order by created_at))::int as n
            from public.contact_submissions where status <> 'new') as enquiry
   where n % 10 <> 0),
replies as (
  insert into public.enquiry_replies
    (submission_id, created_at, channel, author_id, author_name, author_email, body)
  select id, replied_at, (array['reply', 'phone', 'email'])[1 + n % 3], $1, 'Bench Admin', $2,
         case when n % 3 = 0 then 'Thank you for your enquiry.' end
    from answered where replied_at < now()
  returning submission_id, created_at)
update public.contact_submissions as enquiry
   set first_response_at = reply.created_at, last_contacted_at = reply.created_at
  from replies as reply
 where reply.submission_id = enquiry.id`;

/** The enquiries and a signed-in admin: their aal2 session. */
async function fill(backend: Awaited<ReturnType<typeof startTestBackend>>) {
  const user = await createUser(backend, ADMIN);
  await backend.sql(`insert into public.user_roles (user_id, role) values ($1, 'admin')`, [
    user.id,
  ]);
  // Without the triggers of a visitor's enquiry (limits, hold, mail to staff and enquirer), which
  // would cost minutes and leave 20,000 mails for the outbox to send mid-run, nor the
  // reply clock's, which would stamp every first response with the seeding's own time.
  await backend.sql('alter table public.contact_submissions disable trigger user');
  await backend.sql(ENQUIRIES, [adminTarget.enquiries]);
  await backend.sql(REPLIES, [user.id, ADMIN.email]);
  await backend.sql('alter table public.contact_submissions enable trigger user');
  const client = await signedInClient(backend, ADMIN.email, ADMIN.password);
  await enrollVerifiedTotp(client);
  return (await client.auth.getSession()).data.session!;
}

/**
 * In the page, from its start: when the first enquiry and the overview's figures were visible
 * (on /admin), or the open record (on a link to one enquiry).
 */
const watchShown = `window.__shown = Promise.all(
  (location.search.includes('enquiry=') ? [${JSON.stringify(RECORD)}] : [${JSON.stringify(ROWS)}, ${JSON.stringify(OVERVIEW)}])
    .map((selector) => __bench.shownAt(selector, 60000)),
);`;

/** What the staff alert links to: a new enquiry, still owed its reply, on Needs a reply. */
async function alertLink(backend: Awaited<ReturnType<typeof startTestBackend>>) {
  const [newest] = await backend.sql<{ id: string }>(
    `select id::text as id from public.contact_submissions
      where status = 'new' and first_response_at is null order by created_at desc limit 1`,
  );
  return `/admin/needs-reply?enquiry=${newest!.id}&poll=600000`;
}

export async function measureAdmin(buildPath: string, runs: number): Promise<AdminResult> {
  await requireLocalBuild(buildPath, 'admin');
  const backend = await startTestBackend({ port: LOCAL_SUPABASE_PORT, enquiryLimits: 'local' });
  const site = await startSite(buildPath);
  try {
    const session = JSON.stringify(JSON.stringify(await fill(backend)));
    const script = `localStorage.setItem('sb-127-auth-token', ${session});\n${watchShown}`;
    const link = await alertLink(backend);
    const widths = adminTarget.widths.map((width) => ({ width, samples: [] as AdminSample[] }));
    await withChromium(async (browser) => {
      // Each visit in a fresh context: nothing cached, as a first visit of the day.
      const shown = async (width: number, path: string) => {
        const context = await freshContext(browser, { width, height: 800 }, script);
        const page = await context.newPage();
        await page.goto(`${SITE}${path}`, { waitUntil: 'commit' });
        const times = (await page.evaluate('__shown')) as number[];
        await context.close();
        return times;
      };
      for (let run = 1; run <= runs; run++) {
        console.error(`admin run ${run} of ${runs}`);
        for (const { width, samples } of widths) {
          const [rowsMs, overviewMs] = await shown(width, '/admin?poll=600000');
          const [recordMs] = await shown(width, link);
          samples.push({ rowsMs: rowsMs!, overviewMs: overviewMs!, recordMs: recordMs! });
        }
      }
    });
    return { engine: await backendEngine(backend), enquiries: adminTarget.enquiries, runs, widths };
  } finally {
    site.stop();
    await backend.stop();
  }
}
