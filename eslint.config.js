import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Folders that must not reach "up" the dependency direction (see ARCHITECTURE.md). */
const layerRules = [
  {
    files: ['src/lib/**', 'src/config/**', 'src/content/**', 'src/components/**'],
    forbidden: ['@/features/*', '@/pages/*', '@/app/*'],
  },
  { files: ['src/features/**'], forbidden: ['@/pages/*', '@/app/*'] },
  { files: ['src/pages/**'], forbidden: ['@/app/*'] },
  { files: ['src/content/**', 'src/config/**'], forbidden: ['@/components/*', '@/lib/*'] },
];

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
  ...layerRules.map(({ files, forbidden }) => ({
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: forbidden, message: 'Imports must follow the layer direction.' }] },
      ],
    },
  })),
  {
    files: ['src/features/*/**'],
    rules: {
      // Features do not import each other; pages and app compose them.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/pages/*', '@/app/*'],
              message: 'Imports must follow the layer direction.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**', 'supabase/**', 'tests/**', 'e2e/**', '*.config.*'],
    rules: { 'no-console': 'off' },
  },
);
