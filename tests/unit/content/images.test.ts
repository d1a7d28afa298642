import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { site } from '@/config/site';
import { accreditations } from '@/content/accreditations';
import { articles } from '@/content/articles';
import { caseStudies } from '@/content/case-studies';
import { clientLogos } from '@/content/clients';
import { frameworks } from '@/content/frameworks';
import { team, teamPhotoSize } from '@/content/team';
import { whitepapers } from '@/content/whitepapers';

// Vitest runs from the repository root (jsdom gives import.meta.url a non-file scheme).
const publicDir = join(process.cwd(), 'public');

function filePath(publicPath: string): string {
  return join(publicDir, publicPath);
}

/** Width, height and viewBox of an SVG's root element. */
function svgSize(publicPath: string) {
  const source = readFileSync(filePath(publicPath), 'utf8');
  const root = /<svg\b[^>]*>/.exec(source)?.[0] ?? '';
  const attr = (name: string) => new RegExp(`\\s${name}="([^"]+)"`).exec(root)?.[1];
  return {
    source,
    width: Number(attr('width')),
    height: Number(attr('height')),
    viewBox: attr('viewBox'),
  };
}

interface Sized {
  path: string;
  width: number;
  height: number;
  maxBytes: number;
}

const covers = [...caseStudies, ...whitepapers, ...articles].map((item): Sized => ({
  path: item.image,
  width: item.imageWidth,
  height: item.imageHeight,
  maxBytes: 4096,
}));
const referenced: Sized[] = [
  ...covers,
  ...clientLogos.map((c): Sized => ({
    path: c.logo,
    width: c.width,
    height: c.height,
    maxBytes: 3072,
  })),
  ...frameworks.map((f): Sized => ({
    path: f.logo,
    width: f.width,
    height: f.height,
    maxBytes: 3072,
  })),
  ...accreditations.map((a): Sized => ({
    path: a.image,
    width: a.width,
    height: a.height,
    maxBytes: 3072,
  })),
  ...team.flatMap((m): Sized[] =>
    m.photo
      ? [
          {
            path: m.photo,
            width: teamPhotoSize.width,
            height: teamPhotoSize.height,
            maxBytes: 4096,
          },
        ]
      : [],
  ),
];

describe('images', () => {
  it('has a file under public/ for every image the content references', () => {
    for (const image of referenced) {
      expect(image.path.startsWith('/images/'), image.path).toBe(true);
      expect(existsSync(filePath(image.path)), image.path).toBe(true);
    }
  });

  it('records the real width and height of every SVG, with a matching viewBox', () => {
    for (const image of referenced) {
      const size = svgSize(image.path);
      expect([size.width, size.height], image.path).toEqual([image.width, image.height]);
      expect(size.viewBox, image.path).toBe(`0 0 ${image.width} ${image.height}`);
    }
  });

  it('keeps every SVG light, self-contained and on the system font stack', () => {
    for (const image of referenced) {
      const { source } = svgSize(image.path);
      expect(statSync(filePath(image.path)).size, image.path).toBeLessThanOrEqual(image.maxBytes);
      expect(source, image.path).not.toMatch(/(href|src)="https?:/);
      expect(source, image.path).not.toMatch(/<script|<image/);
      for (const match of source.matchAll(/font-family="([^"]+)"/g))
        expect(match[1]).toBe('system-ui, sans-serif');
    }
  });

  it('draws every cover at 16:9 and gives it alt text', () => {
    for (const item of [...caseStudies, ...whitepapers, ...articles]) {
      expect(item.imageWidth / item.imageHeight).toBeCloseTo(16 / 9, 3);
      expect(item.imageAlt.length).toBeGreaterThan(10);
    }
  });

  it('references every SVG under public/images (no orphans)', () => {
    const used = new Set(referenced.map((image) => image.path));
    for (const folder of readdirSync(join(publicDir, 'images'))) {
      for (const file of readdirSync(join(publicDir, 'images', folder))) {
        expect(used.has(`/images/${folder}/${file}`), `${folder}/${file}`).toBe(true);
      }
    }
  });

  it('ships the favicon and the 1200x630 Open Graph image named in the site config', () => {
    expect(existsSync(filePath('/favicon.svg'))).toBe(true);
    expect(svgSize('/og-image.svg')).toMatchObject({
      width: 1200,
      height: 630,
      viewBox: '0 0 1200 630',
    });
    const png = readFileSync(filePath(site.defaultImage));
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });
});
