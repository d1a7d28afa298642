import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

import { expect } from './console-guard';

/** WCAG 2.2 A and AA, the level this site promises. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Fails with one readable line per violation and the elements it was found on. */
export async function expectNoAxeViolations(page: Page, label = page.url()) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(
    violations.map(
      ({ id, help, nodes }) => `${id} (${help}): ${nodes.map((node) => node.target).join(' | ')}`,
    ),
    `axe violations on ${label}`,
  ).toEqual([]);
}
