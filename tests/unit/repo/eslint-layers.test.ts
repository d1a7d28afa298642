// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: root });

/** The rules a probe file at `filePath` breaks (nothing is written into the tree). */
async function brokenRules(filePath: string, imported: string): Promise<string[]> {
  const code = `import * as probe from '${imported}';\n\nexport const used = probe;\n`;
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  return result!.messages.map((message) => message.ruleId ?? message.message);
}

const LAYER = 'import-x/no-restricted-paths';

// The first lint loads the config, the parser and the TypeScript resolver: seconds, not a test's.
beforeAll(async () => {
  await brokenRules('src/lib/probe.ts', '@/lib/rate-limiter');
}, 60_000);

// A probe that imports the route table makes no-cycle read the whole app's import graph: seconds
// on a busy machine.
describe('ESLint enforces the layer rules', { timeout: 30_000 }, () => {
  it.each([
    ['src/lib/probe.ts', '@/features/contact/enquiry-schema'],
    ['src/config/probe.ts', '@/features/consent/consent-store'],
    ['src/content/probe.ts', '@/features/contact/enquiry-schema'],
    ['src/components/layout/probe.tsx', '@/features/consent/consent-store'],
  ])('%s may not import a feature (%s)', async (file, imported) => {
    expect(await brokenRules(file, imported)).toContain(LAYER);
  });

  it.each([
    ['src/components/layout/probe.tsx', '@/pages/home-page'],
    ['src/features/contact/probe.ts', '@/pages/home-page'],
    ['src/pages/probe.tsx', '@/app/route-table'],
    ['src/features/contact/probe.ts', '@/app/route-table'],
    ['src/lib/probe.ts', '@/entry-server'],
    ['src/pages/probe.tsx', '@/pages/home-page'],
  ])('%s may not import pages or the app (%s)', async (file, imported) => {
    expect(await brokenRules(file, imported)).toContain(LAYER);
  });

  it('content and config import neither components nor lib', async () => {
    expect(await brokenRules('src/content/probe.ts', '@/lib/rate-limiter')).toContain(LAYER);
    expect(await brokenRules('src/config/probe.ts', '@/components/ui/button-styles')).toContain(
      LAYER,
    );
  });

  it('page-loading sits below components and above lib: it knows no component or feature', async () => {
    expect(
      await brokenRules('src/page-loading/probe.tsx', '@/components/ui/button-styles'),
    ).toContain(LAYER);
    expect(
      await brokenRules('src/page-loading/probe.tsx', '@/features/consent/consent-store'),
    ).toContain(LAYER);
    expect(await brokenRules('src/lib/probe.ts', '@/page-loading/link-action')).toContain(LAYER);
    expect(await brokenRules('src/config/probe.ts', '@/page-loading/first-page')).toContain(LAYER);
    expect(await brokenRules('src/page-loading/probe.tsx', '@/config/paths')).toEqual([]);
    expect(await brokenRules('src/page-loading/probe.tsx', '@/lib/scroll-to-section')).toEqual([]);
    expect(
      await brokenRules('src/components/ui/probe.tsx', '@/page-loading/static-island'),
    ).toEqual([]);
    expect(
      await brokenRules('src/features/contact/probe.tsx', '@/page-loading/deferred-form'),
    ).toEqual([]);
  });

  it('the build-time hydration loader is imported by no file of the app', async () => {
    expect(
      await brokenRules('src/page-loading/probe.tsx', '@/page-loading/hydration-loader'),
    ).toContain(LAYER);
    expect(await brokenRules('src/main-probe.tsx', '@/page-loading/hydration-loader')).toContain(
      LAYER,
    );
  });

  it('a feature may not import another feature, only itself', async () => {
    expect(
      await brokenRules('src/features/contact/probe.ts', '@/features/consent/consent-store'),
    ).toContain(LAYER);
    expect(
      await brokenRules('src/features/contact/probe.ts', '@/features/contact/enquiry-schema'),
    ).toEqual([]);
  });

  it('the staff frame sits between auth and the admin feature, and no other feature crosses', async () => {
    const frame = '@/features/staff-frame/staff-frame';
    expect(
      await brokenRules('src/features/staff-frame/probe.tsx', '@/features/auth/auth-context'),
    ).toEqual([]);
    expect(await brokenRules('src/features/admin/list/probe.tsx', frame)).toEqual([]);
    expect(
      await brokenRules('src/features/staff-frame/probe.tsx', '@/features/admin/shared/held-badge'),
    ).toContain(LAYER);
    expect(await brokenRules('src/features/auth/probe.tsx', frame)).toContain(LAYER);
    expect(await brokenRules('src/features/data-requests/probe.tsx', frame)).toContain(LAYER);
    expect(
      await brokenRules('src/features/admin/probe.tsx', '@/features/auth/auth-context'),
    ).toContain(LAYER);
  });

  it('the enquiry form may offer the consultation booking, never the other way', async () => {
    expect(
      await brokenRules(
        'src/features/contact/probe.tsx',
        '@/features/consultation/consultation-api',
      ),
    ).toEqual([]);
    expect(
      await brokenRules('src/features/consultation/probe.tsx', '@/features/contact/enquiry-schema'),
    ).toContain(LAYER);
    expect(
      await brokenRules('src/features/admin/probe.tsx', '@/features/consultation/consultation-api'),
    ).toContain(LAYER);
  });

  it('a relative import cannot bypass the rules', async () => {
    expect(
      await brokenRules('src/components/layout/probe.tsx', '../../features/consent/consent-store'),
    ).toContain(LAYER);
    expect(
      await brokenRules('src/features/contact/probe.ts', '../consent/consent-store'),
    ).toContain(LAYER);
  });

  it('the embedded backend imports nothing from src/', async () => {
    expect(await brokenRules('supabase/local/probe.ts', '../../src/lib/rate-limiter')).toContain(
      LAYER,
    );
  });

  it('allows the direction the layers go', async () => {
    expect(await brokenRules('src/pages/probe.tsx', '@/features/contact/enquiry-schema')).toEqual(
      [],
    );
    expect(await brokenRules('src/app/probe.ts', '@/pages/home-page')).toEqual([]);
    expect(await brokenRules('src/features/contact/probe.ts', '@/lib/rate-limiter')).toEqual([]);
  });

  it('an import cycle is an error', async () => {
    // Two real files are needed for a cycle; they live in a temporary project that uses the
    // repository's ESLint config.
    const dir = mkdtempSync(join(tmpdir(), 'eslint-cycle-'));
    try {
      mkdirSync(join(dir, 'src', 'lib'), { recursive: true });
      writeFileSync(
        join(dir, 'src/lib/a.ts'),
        "import { b } from './b';\n\nexport const a = () => b;\n",
      );
      writeFileSync(
        join(dir, 'src/lib/b.ts'),
        "import { a } from './a';\n\nexport const b = () => a;\n",
      );
      const inTemp = new ESLint({ cwd: dir, overrideConfigFile: join(root, 'eslint.config.js') });
      const [result] = await inTemp.lintFiles(['src/lib/a.ts']);
      expect(result!.messages.map((message) => message.ruleId)).toContain('import-x/no-cycle');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('imports are grouped and alphabetised: packages, then @/ paths, then relative files', async () => {
    const lint = async (code: string) => {
      const [result] = await eslint.lintText(code, {
        filePath: join(root, 'src/components/ui/probe.tsx'),
      });
      return result!.messages.map((message) => message.ruleId);
    };
    const ordered =
      "import { useState } from 'react';\n\nimport { isEmail } from '@/lib/email-pattern';\n";
    expect(await lint(`${ordered}\nexport const used = [useState, isEmail];\n`)).not.toContain(
      'import-x/order',
    );
    const unordered =
      "import { clickableCardClass } from './card-styles';\nimport { useState } from 'react';\n";
    expect(
      await lint(`${unordered}\nexport const used = [useState, clickableCardClass];\n`),
    ).toContain('import-x/order');
  });
});
