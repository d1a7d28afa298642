import type {
  Inline,
  InlineLink,
  ListBlock,
  ParagraphBlock,
  SubheadingBlock,
  TableBlock,
} from '@/content/types';

/**
 * Small builders for policy documents, so the policy modules read like prose.
 * A paragraph is a run of strings and links: paragraph('See our ', link('cookie policy', '/cookie-policy'), '.').
 */

export function link(text: string, href: string): InlineLink {
  return { text, href };
}

export function paragraph(...content: Inline[]): ParagraphBlock {
  return { type: 'paragraph', content };
}

export function subheading(text: string): SubheadingBlock {
  return { type: 'subheading', text };
}

/** A bullet list; each item is a string or a run of inline content. */
export function bullets(...items: (string | readonly Inline[])[]): ListBlock {
  return {
    type: 'list',
    style: 'bullet',
    items: items.map((item) => (typeof item === 'string' ? [item] : item)),
  };
}

export function numbered(...items: (string | readonly Inline[])[]): ListBlock {
  return {
    type: 'list',
    style: 'ordered',
    items: items.map((item) => (typeof item === 'string' ? [item] : item)),
  };
}

export function table(
  caption: string,
  columns: readonly string[],
  rows: readonly (readonly string[])[],
): TableBlock {
  return { type: 'table', caption, columns, rows };
}
