import { describe, expect, it } from 'vitest';

import { readPreviewArgs } from '../../../scripts/serve-dist';

describe('the preview server command line', () => {
  it('takes --port and --host as vite preview does, and a directory', () => {
    expect(readPreviewArgs(['--port', '4000', '--host', '0.0.0.0', 'out'], {})).toEqual({
      dir: 'out',
      port: 4000,
      host: '0.0.0.0',
    });
    expect(readPreviewArgs(['--port=4001'], {})).toMatchObject({ port: 4001, host: '127.0.0.1' });
  });

  it('falls back to PORT, then 4173', () => {
    expect(readPreviewArgs([], { PORT: '5000' })).toMatchObject({ port: 5000 });
    expect(readPreviewArgs([], {})).toMatchObject({ port: 4173 });
    expect(readPreviewArgs(['--port', '4000'], { PORT: '5000' })).toMatchObject({ port: 4000 });
  });

  it('answers an unknown flag, a bad port or two directories with the reason', () => {
    expect(readPreviewArgs(['--open'], {})).toEqual({ error: expect.stringContaining('--open') });
    expect(readPreviewArgs(['--port', 'abc'], {})).toEqual({
      error: 'The port must be a number from 1 to 65535, not "abc".',
    });
    expect(readPreviewArgs(['--port', '70000'], {})).toHaveProperty('error');
    expect(readPreviewArgs(['a', 'b'], {})).toEqual({ error: 'Expected one directory, got: a b' });
  });

  it('asks for help with -h or --help', () => {
    expect(readPreviewArgs(['-h'], {})).toEqual({ help: true });
    expect(readPreviewArgs(['--help'], {})).toEqual({ help: true });
  });
});
