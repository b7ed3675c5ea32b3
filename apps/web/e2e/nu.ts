import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const JAR = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');

interface NuMessage {
  type: string;
  subType?: string;
  url?: string;
  message?: string;
  extract?: string;
}

/**
 * Runs the Nu HTML Checker (`vnu-jar`, on the system's Java) over rendered pages, all in one Java
 * start, and returns its errors as "page: message (extract)". Warnings and info are left out.
 */
export async function nuErrors(pages: ReadonlyMap<string, string>): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'nu-'));
  try {
    const names = new Map<string, string>();
    let index = 0;
    for (const [page, html] of pages) {
      const file = join(dir, `page-${index++}.html`);
      names.set(`file:${file}`, page);
      await writeFile(file, html);
    }
    const { stdout } = await run(
      process.env.JAVA ?? 'java',
      [
        // One short run: the quick compiler alone and one garbage collector thread take half the
        // processor time of the defaults, with the same report. Its frames are larger, hence the
        // larger stack (at 1 MiB the schema's evaluation overflows).
        '-Xss4m',
        '-XX:TieredStopAtLevel=1',
        '-XX:+UseSerialGC',
        '-jar',
        JAR,
        '--format',
        'json',
        '--exit-zero-always',
        '--stdout',
        dir,
      ],
      { maxBuffer: 16 * 1024 * 1024 },
    );
    const report = JSON.parse(stdout) as { messages: NuMessage[] };
    return report.messages
      .filter((message) => message.type === 'error' || message.subType === 'fatal')
      .map((message) => {
        const page = names.get(message.url ?? '') ?? message.url ?? '?';
        return `${page}: ${message.message ?? ''} (${(message.extract ?? '').trim()})`;
      });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
