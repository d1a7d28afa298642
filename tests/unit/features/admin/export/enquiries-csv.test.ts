import { describe, expect, it } from 'vitest';

import type { Enquiry } from '@/features/admin/list/list-enquiries';
import {
  CSV_BOM,
  csvCell,
  enquiriesToCsv,
  exportFileName,
  toCsv,
} from '@/features/admin/export/enquiries-csv';

describe('csvCell (RFC 4180 and formula-injection safety)', () => {
  it('leaves plain text alone and writes null as an empty field', () => {
    expect(csvCell('Acme Ltd')).toBe('Acme Ltd');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('quotes fields with a comma, quote, CR or LF and doubles inner quotes', () => {
    expect(csvCell('Leeds, UK')).toBe('"Leeds, UK"');
    expect(csvCell('The "Data" Co')).toBe('"The ""Data"" Co"');
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"');
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"');
  });

  it.each(['=HYPERLINK("http://x")', '+44 20 7946 0958 =A1', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd'])(
    'prefixes a cell starting with a formula character with a single quote: %j',
    (value) => {
      const cell = csvCell(value);
      expect(cell.replace(/^"/, '').startsWith("'")).toBe(true);
    },
  );

  it.each([
    '  =HYPERLINK("http://x")',
    ' +44 20 7946 0958',
    '\n=cmd',
    '\r\n-2+3',
    '\u00a0@SUM(A1)',
    '\u200b=1+1',
    '\ufeff=1+1',
    '\u0000=1+1',
    '\u0000hello',
    '\t hello',
    '\rhello',
  ])('prefixes a formula behind leading whitespace or control characters: %j', (value) => {
    const cell = csvCell(value);
    expect(cell.replace(/^"/, '').startsWith("'")).toBe(true);
    // the value itself follows the quote unchanged (inner quotes doubled by the CSV quoting).
    expect(cell.replace(/^"|"$/g, '').replace(/""/g, '"').slice(1)).toBe(value);
  });

  it('leaves leading whitespace alone when no formula character follows', () => {
    expect(csvCell('  Acme Ltd')).toBe('  Acme Ltd');
    expect(csvCell('\nhello')).toBe('"\nhello"');
    expect(csvCell(' a=b')).toBe(' a=b');
  });

  it('quotes after prefixing, so a dangerous cell with quotes stays one field', () => {
    expect(csvCell('=cmd|"/c calc"!A1')).toBe('"\'=cmd|""/c calc""!A1"');
  });

  it('does not touch those characters in the middle of a cell', () => {
    expect(csvCell('a=b+c-d@e')).toBe('a=b+c-d@e');
  });

  it('joins rows with CRLF and ends with CRLF', () => {
    expect(
      toCsv([
        ['a', 'b'],
        ['c', null],
      ]),
    ).toBe('a,b\r\nc,\r\n');
  });
});

describe('enquiriesToCsv', () => {
  const row: Enquiry = {
    id: '7d0c',
    created_at: '2025-03-01T10:00:00+00:00',
    Name: 'Amélie Durand',
    Email: 'amelie@example.fr',
    Company: 'Durand, Fils & "Cie"',
    Job: null,
    Phone: '+33 1 23 45 67 89',
    Interest: 'ai-ml',
    Timeline: '6-plus-months',
    Message: 'Bonjour,\nwe need help.',
    status: 'new',
    assigned_to: null,
    last_contacted_at: null,
    held_at: null,
    first_response_at: null,
    landing_page: null,
    referrer_host: null,
    utm_source: null,
    utm_medium: null,
    utm_campaign: null,
    booking_key: null,
  };

  it('starts with a UTF-8 byte-order mark and a header row', () => {
    const csv = enquiriesToCsv([]);
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect(csv.slice(1)).toBe(
      'Received (London time),Name,Email,Company,Job Title,Phone,Service Interest,Timeline,' +
        'Message,Status,Assignee,Last Contact (London time),First Response (London time),' +
        'Held (London time),Landing Page,' +
        'Referrer Host,UTM Source,UTM Medium,UTM Campaign,Notes,ID\r\n',
    );
  });

  it('writes labels for option values and escapes each cell', () => {
    const [, line] = enquiriesToCsv([row]).slice(1).split('\r\n');
    expect(line).toBe(
      [
        '2025-03-01 10:00:00',
        'Amélie Durand',
        'amelie@example.fr',
        '"Durand, Fils & ""Cie"""',
        '',
        '"=""+33 1 23 45 67 89"""',
        'AI & Machine Learning',
        '6+ months',
        '"Bonjour,\nwe need help."',
        'New',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        '7d0c',
      ].join(','),
    );
  });

  it('encodes as UTF-8 bytes starting EF BB BF', () => {
    const bytes = new TextEncoder().encode(enquiriesToCsv([row]));
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('writes timestamps as a spreadsheet date and time in London time, across a clock change', () => {
    const received = (created_at: string) =>
      enquiriesToCsv([{ ...row, created_at }])
        .slice(1)
        .split('\r\n')[1]!
        .split(',')[0];
    // British Summer Time starts at 01:00 UTC on 29 March 2026 and ends at 01:00 UTC on 25 October.
    expect(received('2026-03-29T00:59:59Z')).toBe('2026-03-29 00:59:59');
    expect(received('2026-03-29T01:00:00Z')).toBe('2026-03-29 02:00:00');
    expect(received('2026-07-01T23:30:00+00:00')).toBe('2026-07-02 00:30:00');
    expect(received('2026-10-25T00:30:00Z')).toBe('2026-10-25 01:30:00');
    expect(received('2026-10-25T01:30:00Z')).toBe('2026-10-25 01:30:00');
    expect(received('2026-11-28T14:05:00Z')).toBe('2026-11-28 14:05:00');
  });

  it('names the file after the day', () => {
    expect(exportFileName(new Date('2025-03-01T23:00:00Z'))).toBe(
      'contact-submissions-2025-03-01.csv',
    );
  });
});
