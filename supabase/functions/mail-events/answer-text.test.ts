import { equal } from 'node:assert/strict';

import { answerText, htmlText } from './answer-text.ts';

Deno.test('keeps what was written above the quoted history of common mail clients', () => {
  const openers = [
    'On Fri, 4 Dec 2026 at 09:00, Ada Lovelace <ada@kestrel.test> wrote:',
    '-----Original Message-----',
    '________________________________',
    'Le ven. 4 déc. 2026 à 09:00, Ada <ada@kestrel.test> a écrit :',
  ];
  for (const opener of openers) {
    equal(answerText(`Yes, Tuesday.\n\n${opener}\n> Could we meet?`).text, 'Yes, Tuesday.', opener);
  }
  // Gmail wraps a long "On … wrote:" onto two lines.
  equal(
    answerText('Fine.\nOn Fri, 4 Dec 2026 at 09:00, Ada Lovelace\n<ada@kestrel.test> wrote:\n> x')
      .text,
    'Fine.',
  );
  // Outlook without its rule: a From: line with Sent: below.
  equal(
    answerText('Agreed.\n\nFrom: Ada <ada@kestrel.test>\nSent: 04 December 2026 09:00\nTo: Rita')
      .text,
    'Agreed.',
  );
});

Deno.test('drops the signature and trailing quoted lines, keeps quotes written inline', () => {
  equal(answerText('See you then.\n-- \nRita Smith\nAcme Ltd').text, 'See you then.');
  equal(answerText('Thanks!\n\nSent from my iPhone').text, 'Thanks!');
  equal(answerText('> you asked\nMy answer\n> more\n> quoted\n').text, '> you asked\nMy answer');
});

Deno.test('keeps the whole text when cutting would leave nothing, and bounds it', () => {
  equal(answerText('> only quoted').text, '> only quoted');
  const long = answerText('x'.repeat(30), 10);
  equal(long.text, 'x'.repeat(10));
  equal(long.truncated, true);
  equal(answerText('short').truncated, false);
  equal(answerText('line one\r\nline two').text, 'line one\nline two');
});

Deno.test('reads HTML as text without styles, scripts or quoted blocks', () => {
  equal(
    htmlText(
      '<style>p{}</style><p>Hi &lt;there&gt;</p><p>Rita</p><div class="gmail_quote">old</div>',
    ),
    'Hi <there>\nRita\n',
  );
});
