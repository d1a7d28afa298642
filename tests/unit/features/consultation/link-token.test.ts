import { describe, expect, it } from 'vitest';

import { readLinkToken } from '@/features/consultation/link-token';
import { readCall } from '../../../../supabase/functions/consultation/handler';
import { BOOK_TOKEN, CONFIRM_TOKEN, MANAGE_TOKEN } from './consultation-fixtures';

describe('readLinkToken', () => {
  it('tells a book token from a manage token by its prefix', () => {
    expect(readLinkToken(`#${BOOK_TOKEN}`)).toEqual({ kind: 'book', token: BOOK_TOKEN });
    expect(readLinkToken(`#${MANAGE_TOKEN}`)).toEqual({ kind: 'manage', token: MANAGE_TOKEN });
  });

  it('reads a confirm token, and its link as a mail client may have wrapped it', () => {
    expect(readLinkToken(`#${CONFIRM_TOKEN}`)).toEqual({ kind: 'confirm', token: CONFIRM_TOKEN });
    expect(readLinkToken(`#${CONFIRM_TOKEN}>.`)).toEqual({ kind: 'confirm', token: CONFIRM_TOKEN });
    expect(readLinkToken(`#${CONFIRM_TOKEN.slice(0, -3)}`)).toEqual({ kind: 'broken' });
    expect(readLinkToken('#c.')).toEqual({ kind: 'broken' });
  });

  it('reads an encoded fragment as the mail client may have left it', () => {
    const encoded = MANAGE_TOKEN.replaceAll('.', '%2E');
    expect(readLinkToken(`#${encoded}`)).toEqual({ kind: 'manage', token: MANAGE_TOKEN });
  });

  it('drops what a mail client stuck to the end of the link: a full stop, a bracket, a space', () => {
    for (const tail of ['.', ')', '>.', ' ', '%20']) {
      expect(readLinkToken(`#${BOOK_TOKEN}${tail}`)).toEqual({ kind: 'book', token: BOOK_TOKEN });
    }
  });

  it.each(['', '#', '#  '])('finds no link at all in %j', (hash) => {
    expect(readLinkToken(hash)).toEqual({ kind: 'none' });
  });

  it.each([
    ['cut short in its signature', `#${MANAGE_TOKEN.slice(0, -5)}`],
    ['cut after its kind', '#m.'],
    ['cut inside its subject', `#${BOOK_TOKEN.slice(0, 20)}`],
    ['of an unknown kind', `#x${MANAGE_TOKEN.slice(1)}`],
    ['with a character changed', `#${MANAGE_TOKEN.replace('-4000-', '-4z00-')}`],
    ['with a broken escape', '#%E0%A4%A'],
    ['that is not a token', '#contact'],
  ])('calls a link %s broken', (_, hash) => {
    expect(readLinkToken(hash)).toEqual({ kind: 'broken' });
  });

  it('accepts exactly the tokens the consultation function accepts', () => {
    const candidates = [
      BOOK_TOKEN,
      MANAGE_TOKEN,
      MANAGE_TOKEN.slice(0, -1),
      `${MANAGE_TOKEN}A`,
      BOOK_TOKEN.replace('.0.', '.1234567890.'),
      BOOK_TOKEN.replace('.1796000000.', '.1796000000000.'),
      BOOK_TOKEN.replace('5d1e2f3a', '5D1E2F3A'),
      `b.${BOOK_TOKEN.slice(2).replace('Ym9vaw', 'Ym9v+w')}`,
      'm.abc.0.1796000000.sig',
      CONFIRM_TOKEN,
      CONFIRM_TOKEN.slice(0, -1),
      `x${CONFIRM_TOKEN.slice(1)}`,
    ];
    for (const token of candidates) {
      const served = readCall({ action: 'slots', token }).ok;
      expect(readLinkToken(`#${token}`).kind !== 'broken', token).toBe(served);
    }
  });
});
