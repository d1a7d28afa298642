import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy and waitFor give up after 1 s by default; on a busy two-core machine a page that renders
// after a few requests can take longer, and a test should fail for being wrong, not slow.
configure({ asyncUtilTimeout: 5_000 });

// A test that makes React log an error (failed prop types, act warnings, hydration
// mismatches) should fail, not pass with noise.
const originalError = console.error;
afterEach(() => {
  cleanup();
});
console.error = (...args: unknown[]) => {
  originalError(...args);
  throw new Error(`console.error was called: ${args.map(String).join(' ')}`);
};
vi.stubGlobal('scrollTo', () => {});
