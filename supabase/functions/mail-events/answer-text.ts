/**
 * What the record keeps of an answer by mail: the words the enquirer wrote this time, without the
 * history their mail client quoted below it or their signature, and bounded in size.
 */

/** The most characters kept of one answer (the database holds the same bound). */
export const ANSWER_TEXT_LIMIT = 20_000;

const QUOTE_OPENERS: readonly RegExp[] = [
  // Gmail, Apple Mail, Thunderbird: "On Tue, 1 Dec 2026 at 10:00, Ada <ada@x> wrote:"
  /^On\b.{0,300}\bwrote:\s*$/i,
  /^-{2,}\s*Original Message\s*-{2,}\s*$/i,
  /^-{2,}\s*Forwarded message\s*-{2,}\s*$/i,
  // Outlook's rule above its header block
  /^_{8,}\s*$/,
  /^Le\b.{0,300}\ba écrit\s*:\s*$/i,
  /^Am\b.{0,300}\bschrieb\b.{0,100}:\s*$/i,
];

const SIGNATURE_OPENERS: readonly RegExp[] = [
  /^--\s?$/,
  /^Sent from my \w+/i,
  /^Get Outlook for \w+/i,
];

/** Where the quoted history starts (a line index), or the number of lines when it has none. */
function quoteStart(lines: readonly string[]): number {
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]?.trim() ?? '';
    if (QUOTE_OPENERS.some((opener) => opener.test(line))) return index;
    // "On Tue, 1 Dec 2026, Ada <ada@x>" wrapped onto a second line ending "wrote:"
    const next = lines[index + 1]?.trim() ?? '';
    if (/^On\b/i.test(line) && /\bwrote:\s*$/i.test(next) && line.length + next.length < 300) {
      return index;
    }
    // Outlook without its rule: a From: line with a Sent: or Date: line just below.
    if (
      /^From:\s/i.test(line) &&
      lines.slice(index + 1, index + 4).some((l) => /^(Sent|Date):\s/i.test(l.trim()))
    ) {
      return index;
    }
  }
  return lines.length;
}

/** The text of an HTML body: quoted blocks dropped, tags removed, common entities decoded. */
export function htmlText(html: string): string {
  return html
    .replace(/<(style|script|head)\b[\s\S]*?<\/\1>/gi, '')
    .replace(/<blockquote\b[\s\S]*$/i, '')
    .replace(/<div[^>]*class="[^"]*gmail_quote[\s\S]*$/i, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|tr|h[1-6])>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/**
 * The enquirer's own words: cut at the first line that opens quoted history or a signature, with
 * trailing `>` lines and blank lines dropped; the whole text when cutting would leave nothing.
 */
export function answerText(
  text: string,
  limit = ANSWER_TEXT_LIMIT,
): { text: string; truncated: boolean } {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let end = quoteStart(lines);
  const signature = lines
    .slice(0, end)
    .findIndex((line) => SIGNATURE_OPENERS.some((opener) => opener.test(line.trimEnd())));
  if (signature >= 0) end = signature;
  const kept = lines.slice(0, end);
  while (kept.length > 0 && /^\s*(>.*)?$/.test(kept[kept.length - 1] ?? '')) kept.pop();
  const own = kept.join('\n').trim();
  const chosen = own === '' ? text.replace(/\r\n?/g, '\n').trim() : own;
  return chosen.length > limit
    ? { text: chosen.slice(0, limit), truncated: true }
    : { text: chosen, truncated: false };
}
