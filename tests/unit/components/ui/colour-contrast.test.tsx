import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { buttonClass, type ButtonVariant } from '@/components/ui/button-styles';
import { pillarTheme } from '@/components/ui/pillar-theme';
import { EnquiriesPagination } from '@/features/admin/list/enquiries-pagination';
import type { PillarId } from '@/content/types';

import {
  AA_TEXT,
  contrast,
  fromHex,
  resolveColour,
  type Rgb,
} from '../../support/tailwind-colours';

/*
 * WCAG 2.2 AA contrast of every colour pair the pillar themes and the buttons put together,
 * read from their class strings and resolved through the same theme Tailwind builds with. axe
 * checks rendered pages too, but it skips disabled controls, and it sees a pillar only on the
 * pages the e2e run opens in the state they are in.
 */

/** `white/10` over a background: the colour a browser paints. */
function paint(colour: string, under: Rgb): Rgb {
  const [name, percent] = colour.split('/');
  const rgb = resolveColour(name!);
  if (!rgb) throw new Error(`unknown colour ${name}`);
  const alpha = percent ? Number(percent) / 100 : 1;
  return rgb.map((channel, i) => channel * alpha + under[i]! * (1 - alpha)) as unknown as Rgb;
}

/**
 * The background and text colour of one state of a class string: `state` is the variant prefix
 * (`''`, `hover`, `disabled`, `aria-disabled`), and a state without its own colour keeps the base one.
 */
function colours(classes: string, state = '') {
  const pick = (utility: 'bg' | 'text') => {
    const of = (prefix: string) =>
      classes
        .split(/\s+/)
        .map(
          (token) =>
            new RegExp(`^${prefix}${utility}-([a-z]+(?:-[a-z0-9]+)?(?:/\\d+)?)$`).exec(token)?.[1],
        )
        .find((name) => name !== undefined && resolveColour(name.split('/')[0]!) !== undefined);
    return (state ? of(`${state}:`) : undefined) ?? of('');
  };
  return { bg: pick('bg'), text: pick('text') };
}

const white = fromHex('#ffffff');
const pillars: PillarId[] = ['data', 'ai', 'digital'];

describe('the colour conversion', () => {
  it("matches Tailwind's published sRGB values of its default OKLCH palette", () => {
    // slate-300, -600 and -700 as Tailwind 4 lists them in hex.
    const expected = { 'slate-300': '#cad5e2', 'slate-600': '#45556c', 'slate-700': '#314158' };
    for (const [name, hex] of Object.entries(expected)) {
      const got = resolveColour(name)!;
      fromHex(hex).forEach((channel, i) =>
        expect(Math.abs(got[i]! - channel)).toBeLessThan(1.5 / 255),
      );
    }
  });

  it('scores the WCAG extremes', () => {
    expect(contrast(white, fromHex('#000'))).toBeCloseTo(21, 5);
    expect(contrast(white, white)).toBe(1);
  });
});

describe.each(pillars)('the %s pillar theme', (pillar) => {
  const theme = pillarTheme(pillar);

  it.each([
    ['badge', theme.badge, ''],
    ['soft badge', theme.softBadge, ''],
    ['button', theme.button, ''],
    ['button, hovered', theme.button, 'hover'],
  ])('%s: text on its own background at AA', (_, classes, state) => {
    const { bg, text } = colours(classes, state);
    expect(bg && text, classes).toBeTruthy();
    expect(contrast(paint(text!, white), paint(bg!, white))).toBeGreaterThanOrEqual(AA_TEXT);
  });

  // At the text threshold, which also covers the quote icon drawn in the accent on the tint.
  it('accent text on white cards and on the pale tint', () => {
    const accent = paint(colours(theme.text).text!, white);
    const tint = paint(colours(theme.tint).bg!, white);
    expect(contrast(accent, white)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrast(accent, tint)).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it.each(['ink', 'ink-soft', 'ink-muted'])('%s text on the pale tint', (ink) => {
    const tint = paint(colours(theme.tint).bg!, white);
    expect(contrast(paint(ink, white), tint)).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it('white text and the outline button on every stop of the hero gradient', () => {
    const stops = theme.heroGradient.match(/(?:from|via|to)-([a-z]+-\d+)/g)!;
    expect(stops).toHaveLength(3);
    const outline = colours(buttonClass({ variant: 'inverseOutline' }), 'hover');
    for (const stop of stops) {
      const background = paint(stop.replace(/^(from|via|to)-/, ''), white);
      expect(contrast(white, background), stop).toBeGreaterThanOrEqual(AA_TEXT);
      const hovered = paint(outline.bg!, background);
      expect(contrast(paint(outline.text!, hovered), hovered), stop).toBeGreaterThanOrEqual(
        AA_TEXT,
      );
    }
  });
});

describe('buttons', () => {
  const onPage: ButtonVariant[] = ['primary', 'secondary', 'outline', 'ghost', 'inverse'];

  it.each(onPage.flatMap((variant) => ['', 'hover', 'disabled'].map((state) => [variant, state])))(
    '%s button, state "%s": text at AA on a white page',
    (variant, state) => {
      const { bg, text } = colours(buttonClass({ variant: variant as ButtonVariant }), state);
      const background = bg ? paint(bg, white) : white;
      expect(text).toBeTruthy();
      expect(contrast(paint(text!, background), background)).toBeGreaterThanOrEqual(AA_TEXT);
    },
  );

  it('the disabled primary and secondary buttons have their own colours, not faded ones', () => {
    for (const variant of ['primary', 'secondary'] as const) {
      const classes = buttonClass({ variant });
      expect(colours(classes, 'disabled')).not.toEqual(colours(classes));
      expect(classes).toContain('disabled:opacity-100');
    }
  });

  it("the admin pager's unavailable button keeps AA text", () => {
    render(
      <EnquiriesPagination page={0} pageSize={25} total={10} onPage={() => {}} busy={false} />,
    );
    const previous = screen.getByRole('button', { name: 'Previous' });
    expect(previous).toHaveAttribute('aria-disabled', 'true');
    expect(previous.className).toMatch(/\baria-disabled:text-/);
    const { bg, text } = colours(previous.className, 'aria-disabled');
    expect(contrast(paint(text!, white), paint(bg!, white))).toBeGreaterThanOrEqual(AA_TEXT);
  });
});
