/**
 * Builds the PostgREST `or=(...)` filter for the admin search box. The user's text passes two
 * layers, each escaped for its own syntax:
 *  1. the LIKE pattern: `\`, `%` and `_` are escaped with a backslash so they match literally.
 *     PostgREST turns every `*` into `%` and has no escape for it, so a typed `*` becomes `_`
 *     (any one character), which still matches the `*` itself;
 *  2. the filter value: double-quoted, with `\` and `"` backslash-escaped, so commas, dots,
 *     parentheses and quotes in the text cannot end the value or the group.
 * The result goes through URLSearchParams (postgrest-js), which does the URL encoding.
 */
export const SEARCH_COLUMNS = ['Name', 'Email', 'Company', 'Message'] as const;

/** Longest search text sent; longer input is cut (nobody searches for a whole essay). */
export const MAX_SEARCH_LENGTH = 100;

export function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`).replace(/\*/g, '_');
}

export function quoteFilterValue(value: string): string {
  return `"${value.replace(/[\\"]/g, (char) => `\\${char}`)}"`;
}

/** The `or` filter for a search text, or null when there is nothing to search for. */
export function buildSearchFilter(search: string): string | null {
  const term = search.trim().slice(0, MAX_SEARCH_LENGTH);
  if (term === '') return null;
  const value = quoteFilterValue(`*${escapeLikePattern(term)}*`);
  return SEARCH_COLUMNS.map((column) => `${column}.ilike.${value}`).join(',');
}
