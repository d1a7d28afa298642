import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

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
