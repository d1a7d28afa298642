/**
 * Characters that make a mail program read one address as several, or as a display name:
 * list separators (`,` and, for some programs, `;`), angle brackets, quotes, parentheses,
 * brackets, backslash, colon, whitespace and control characters. RFC 5322 allows none of them
 * outside a quoted local part, which the enquiry form never produces.
 */
const NOT_ONE_MAILBOX = /[,;<>()[\]\\":\s\p{Cc}]/u;

/**
 * The `mailto:` link for one address, or undefined when the address cannot be linked safely.
 *
 * The address goes in the `to` part percent-encoded as RFC 6068 asks: every character outside
 * letters, digits and `- . _ ~ ! * '` is encoded (`?`, `&`, `=`, `%`, `#`, `/`, `+`, non-ASCII as
 * UTF-8), except `@`, which stays readable. A `?` or `&` in an address that passes the enquiry
 * form's check therefore never starts a header such as `cc` or `body`. An address with a
 * character that would split it into several recipients gets no link at all.
 */
export function mailtoHref(address: string | null | undefined): string | undefined {
  const trimmed = address?.trim() ?? '';
  const at = trimmed.lastIndexOf('@');
  if (at <= 0 || at === trimmed.length - 1 || NOT_ONE_MAILBOX.test(trimmed)) return undefined;
  try {
    return `mailto:${encodeURIComponent(trimmed).replace(/%40/g, '@')}`;
  } catch {
    // a lone surrogate (never valid text in an address) cannot be encoded.
    return undefined;
  }
}
