import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { buttonClass, type ButtonVariant } from '@/components/ui/button-styles';
import { pillarTheme } from '@/components/ui/pillar-theme';
import { EnquiriesPagination } from '@/features/admin/list/enquiries-pagination';
import type { PillarId } from '@/content/types';

import themeConfig from '../../../../tailwind.config';

/*
 * WCAG 2.2 AA contrast of every colour pair the pillar themes and the buttons put together,
 * read from their class strings and resolved through the same theme Tailwind builds with. axe
 * checks rendered pages too, but it skips disabled controls, and it sees a pillar only on the
 * pages the e2e run opens in the state they are in.
 */

type Rgb = readonly [number, number, number];

const AA_TEXT = 4.5;

function fromHex(hex: string): Rgb {
  const digits = hex.slice(1);
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
  return [0, 2, 4].map((at) => parseInt(full.slice(at, at + 2), 16) / 255) as unknown as Rgb;
}

const encodeSrgb = (linear: number) => {
  const c = Math.min(1, Math.max(0, linear));
  return c <= 0.0031308 ? c * 12.92 : 1.055 * c ** (1 / 2.4) - 0.055;
};

/** OKLCH (lightness 0-1) to gamma-encoded sRGB, through OKLab, clipped to the sRGB gamut. */
function fromOklch(lightness: number, chroma: number, hueDegrees: number): Rgb {
  const hue = (hueDegrees * Math.PI) / 180;
  const a = chroma * Math.cos(hue);
  const b = chroma * Math.sin(hue);
  const l = (lightness + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (lightness - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (lightness - 0.0894841775 * a - 1.291485548 * b) ** 3;
  return [
    encodeSrgb(4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s),
    encodeSrgb(-1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s),
    encodeSrgb(-0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s),
  ];
}

/** Tailwind's default palette (slate, white, ...), as its theme.css defines it. */
const defaultPalette = (() => {
  const require = createRequire(import.meta.url);
  const css = readFileSync(require.resolve('tailwindcss/theme.css'), 'utf8');
  const palette = new Map<string, Rgb>();
  for (const [, name, value] of css.matchAll(/--color-([a-z]+(?:-\d+)?):\s*([^;]+);/g)) {
    const oklch = /^oklch\(([\d.]+)% ([\d.]+) ([\d.]+)\)$/.exec(value!.trim());
    if (oklch) palette.set(name!, fromOklch(+oklch[1]! / 100, +oklch[2]!, +oklch[3]!));
    else if (/^#[0-9a-f]+$/i.test(value!.trim())) palette.set(name!, fromHex(value!.trim()));
  }
  return palette;
})();

type ColourScale = string | Record<string, string>;
const projectColours = themeConfig.theme.extend.colors as Record<string, ColourScale>;

/** A colour name as a class names it (`data-700`, `ink-soft`, `ink`, `slate-300`, `white`). */
function resolveColour(name: string): Rgb | undefined {
  for (const [family, scale] of Object.entries(projectColours)) {
    if (name === family)
      return typeof scale === 'string' ? fromHex(scale) : fromHex(scale.DEFAULT!);
    if (typeof scale !== 'string' && name.startsWith(`${family}-`)) {
      const shade = scale[name.slice(family.length + 1)];
      if (shade) return fromHex(shade);
    }
  }
  return defaultPalette.get(name);
}

/** `white/10` over a background: the colour a browser paints. */
function paint(colour: string, under: Rgb): Rgb {
  const [name, percent] = colour.split('/');
  const rgb = resolveColour(name!);
  if (!rgb) throw new Error(`unknown colour ${name}`);
  const alpha = percent ? Number(percent) / 100 : 1;
  return rgb.map((channel, i) => channel * alpha + under[i]! * (1 - alpha)) as unknown as Rgb;
}

function luminance([r, g, b]: Rgb) {
  const linear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

function contrast(a: Rgb, b: Rgb) {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
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
