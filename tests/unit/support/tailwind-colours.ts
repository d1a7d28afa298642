import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

import themeConfig from '../../../tailwind.config';

/** Gamma-encoded sRGB, each channel 0-1. */
export type Rgb = readonly [number, number, number];

/** WCAG 2.2 AA for normal-size text. */
export const AA_TEXT = 4.5;

export function fromHex(hex: string): Rgb {
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

/** Tailwind's default palette (blue-100, slate-800, white, ...), as its theme.css defines it. */
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

/** A colour as a class names it (`brand-700`, `ink`, `blue-100`), from the project's theme first. */
export function resolveColour(name: string): Rgb | undefined {
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

function luminance([r, g, b]: Rgb) {
  const linear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

export function contrast(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/**
 * The contrast of the text on the background one class string paints (`bg-x text-y`, without
 * variants or opacity), or a description of what it lacks.
 */
export function classContrast(classes: string): number | string {
  const colourOf = (utility: 'bg' | 'text') => {
    for (const token of classes.split(/\s+/)) {
      const name = new RegExp(`^${utility}-([a-z]+(?:-[a-z0-9]+)?)$`).exec(token)?.[1];
      const rgb = name === undefined ? undefined : resolveColour(name);
      if (rgb) return rgb;
    }
    return undefined;
  };
  const bg = colourOf('bg');
  const text = colourOf('text');
  if (!bg || !text) return `no ${bg ? 'text' : 'background'} colour in "${classes}"`;
  return contrast(bg, text);
}
