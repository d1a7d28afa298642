import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const srcDir = fileURLToPath(new URL('./src', import.meta.url));
const features = readdirSync(join(srcDir, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const LAYER_MESSAGE = 'Imports must follow the layer direction (see the README folder map).';

/**
 * The two exceptions to "features do not import each other". The staff area's frame
 * (features/staff-frame) is drawn from the session, so it uses auth; the admin feature draws its
 * dashboard at the frame's width, links to a section and fills the section links with its Needs
 * a reply count, so it uses the frame. The order is auth → staff-frame → admin. And the enquiry
 * form offers the consultation booking of the enquiry it has just sent, so contact uses
 * consultation (never the other way). No cycle is possible, and no other feature crosses into
 * another.
 */
const featuresBelow = {
  'staff-frame': ['./auth'],
  admin: ['./staff-frame'],
  contact: ['./consultation'],
};

/**
 * The layers, on resolved paths (so `@/` and relative imports alike): pages → features →
 * components → page-loading → lib / content / config; nothing but the app imports pages or the
 * app; features do not import each other (but for the staff frame: featuresBelow); the embedded
 * backend imports nothing from src/; the app takes from the Edge Functions only their shared,
 * runtime-neutral core (supabase/functions/_shared, imported as `@shared/`).
 * page-loading is how a prerendered page comes alive and navigates (docs/how-a-page-loads.md):
 * it knows no component or feature, and its build-time loader stays out of the app.
 */
const layerZones = [
  {
    target: [
      './src/lib',
      './src/config',
      './src/content',
      './src/components',
      './src/page-loading',
    ],
    from: [
      './src/features',
      './src/pages',
      './src/app',
      './src/main.tsx',
      './src/entry-server.tsx',
    ],
  },
  {
    target: ['./src/content', './src/config'],
    from: ['./src/components', './src/lib', './src/page-loading'],
  },
  { target: './src/page-loading', from: './src/components' },
  { target: './src/lib', from: './src/page-loading' },
  {
    target: './src',
    from: './src/page-loading/hydration-loader.ts',
    message: 'The hydration loader is build-time code (node:crypto): only scripts/ import it.',
  },
  {
    target: ['./src/features', './src/pages'],
    from: ['./src/pages', './src/app', './src/main.tsx', './src/entry-server.tsx'],
  },
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`, ...(featuresBelow[feature] ?? [])],
    message: 'Features do not import each other; a page or the app composes them.',
  })),
  {
    target: './supabase/local',
    from: './src',
    message: 'The backend stands alone: nothing from src/.',
  },
  {
    target: './src',
    from: './supabase/functions',
    except: ['./_shared'],
    message:
      'The browser shares only the booking core (supabase/functions/_shared, as @shared/) with the Edge Functions.',
  },
].map((zone) => ({ message: LAYER_MESSAGE, ...zone }));

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-ssr',
      'dist-*',
      'node_modules',
      'coverage',
      'test-results',
      'playwright-report',
      'bench-results',
      'screenshots',
      '.local',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-console': ['warn', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'supabase/local/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these, import-x reads no TypeScript module's imports and finds no cycle.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: fileURLToPath(new URL('./tsconfig.json', import.meta.url)),
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: layerZones, basePath: fileURLToPath(new URL('.', import.meta.url)) },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/order': [
        'error',
        {
          groups: ['builtin', 'external', 'internal', ['parent', 'sibling', 'index']],
          pathGroups: [{ pattern: '@/**', group: 'internal' }],
          pathGroupsExcludedImportTypes: ['builtin'],
          'newlines-between': 'always',
          alphabetize: { order: 'asc', caseInsensitive: true },
        },
      ],
    },
  },
  {
    files: ['scripts/**', 'supabase/**', 'tests/**', 'e2e/**', '*.config.*'],
    rules: { 'no-console': 'off' },
  },
);
