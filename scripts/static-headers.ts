/**
 * Reads a Netlify / Cloudflare Pages `_headers` file: a URL pattern on its own line, then
 * indented `Name: value` lines. `*` in a pattern matches any run of characters.
 */
export type HeaderRule = { pattern: RegExp; source: string; headers: [string, string][] };

export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  let current: HeaderRule | undefined;
  for (const raw of text.split(/\r?\n/)) {
    if (!raw.trim() || raw.trimStart().startsWith('#')) continue;
    if (!/^\s/.test(raw)) {
      const source = raw.trim();
      const escaped = source.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
      current = { pattern: new RegExp(`^${escaped}$`), source, headers: [] };
      rules.push(current);
      continue;
    }
    const separator = raw.indexOf(':');
    if (!current || separator < 0) throw new Error(`_headers: cannot read line "${raw.trim()}"`);
    current.headers.push([raw.slice(0, separator).trim(), raw.slice(separator + 1).trim()]);
  }
  return rules;
}

/** The headers that apply to a path; a later rule's value for the same name wins. */
export function headersForPath(rules: readonly HeaderRule[], path: string): Map<string, string> {
  const result = new Map<string, string>();
  for (const rule of rules) {
    if (!rule.pattern.test(path)) continue;
    for (const [name, value] of rule.headers) result.set(name, value);
  }
  return result;
}
