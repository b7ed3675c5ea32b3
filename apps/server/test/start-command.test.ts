import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_DIR, siteNodeArgs } from '../scripts/start-command.ts';

describe('the start command others start the compiled site with', () => {
  it("is the start script's options and the compiled entry", () => {
    const args = siteNodeArgs();
    expect(args.at(-1)).toBe(join(SERVER_DIR, 'dist/server.js'));
    // The site's young generation is bounded on its command line (decision 47).
    expect(args).toContain('--max-semi-space-size=16');
    expect(siteNodeArgs('node --a --b=1 dist/server.js')).toEqual([
      '--a',
      '--b=1',
      join(SERVER_DIR, 'dist/server.js'),
    ]);
  });

  it('refuses a start script of another shape rather than guess', () => {
    for (const start of [
      'tsx dist/server.js',
      'node dist/other.js',
      'node --a dist/server.js --port 3000',
      'node script.js dist/server.js',
      '',
    ]) {
      expect(() => siteNodeArgs(start), start).toThrow(/The start script must be/);
    }
  });
});
