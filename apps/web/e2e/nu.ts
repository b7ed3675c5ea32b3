import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { freePort } from './server.ts';

const JAR = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');
const START_TIMEOUT_MS = 120_000;

interface NuMessage {
  type: string;
  subType?: string;
  message?: string;
  extract?: string;
}

interface NuService {
  child: ChildProcess;
  url: string;
  exited: Promise<void>;
}

/** The worker's one checker, started by its first check and stopped by `stopNu()`. */
let service: Promise<NuService> | null = null;

async function startNu(): Promise<NuService> {
  const port = await freePort();
  const child = spawn(
    process.env.JAVA ?? 'java',
    [
      // One Java for the worker's few checks: the quick compiler alone and one garbage collector
      // thread take about half the processor time of the defaults, with the same report. Its
      // frames are larger, hence the larger stack (at 1 MiB the schema's evaluation overflows).
      '-Xss4m',
      '-XX:TieredStopAtLevel=1',
      '-XX:+UseSerialGC',
      // On the loopback interface alone.
      '-Dnu.validator.servlet.bind-address=127.0.0.1',
      '-cp',
      JAR,
      'nu.validator.servlet.Main',
      String(port),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', (error) => {
      output += `\n${error.message}`;
      resolve();
    });
  });
  const url = `http://127.0.0.1:${port}/`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) {
      throw new Error(`the Nu HTML Checker exited before it listened:\n${output}`);
    }
    try {
      if ((await fetch(url)).ok) return { child, url, exited };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill();
  await exited;
  throw new Error(`the Nu HTML Checker did not listen within ${START_TIMEOUT_MS} ms:\n${output}`);
}

/** Stops the worker's checker, if a check started it, and waits for its Java to end. */
export async function stopNu(): Promise<void> {
  const running = service;
  service = null;
  if (!running) return;
  const nu = await running.catch(() => null);
  if (!nu) return;
  nu.child.kill();
  await nu.exited;
}

/**
 * Checks rendered pages with the Nu HTML Checker (`vnu-jar`, on the system's Java), one Java per
 * worker: its first call starts the checker's HTTP service on a free loopback port, later calls
 * reuse it, and the worker's fixture stops it (`stopNu`). Each page is posted as
 * `text/html; charset=utf-8`; returns the errors (fatal ones included) as
 * "page: message (extract)". Warnings and info are left out.
 */
export async function nuErrors(pages: ReadonlyMap<string, string>): Promise<string[]> {
  service ??= startNu();
  let nu: NuService;
  try {
    nu = await service;
  } catch (error) {
    service = null;
    throw error;
  }
  const errors: string[] = [];
  for (const [page, html] of pages) {
    const response = await fetch(`${nu.url}?out=json`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/html; charset=utf-8' },
      body: html,
    });
    if (!response.ok) {
      throw new Error(`the Nu HTML Checker answered ${response.status} for ${page}`);
    }
    const report = (await response.json()) as { messages?: NuMessage[] };
    if (!Array.isArray(report.messages)) {
      throw new Error(`the Nu HTML Checker gave no messages for ${page}`);
    }
    for (const message of report.messages) {
      if (message.type === 'non-document-error') {
        throw new Error(`the Nu HTML Checker could not check ${page}: ${message.message ?? ''}`);
      }
      if (message.type === 'error' || message.subType === 'fatal') {
        errors.push(`${page}: ${message.message ?? ''} (${(message.extract ?? '').trim()})`);
      }
    }
  }
  return errors;
}
