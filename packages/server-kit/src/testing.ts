import { type ChildProcess, spawn } from 'node:child_process';
import { connect } from 'node:net';

/**
 * For tests of either server: writes raw bytes to the server on loopback `port` and resolves with
 * everything it answers until it closes (for what an HTTP client would refuse to send).
 */
export function rawExchange(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

/**
 * For tests of either server: a point where a handler waits for the test. `arrived` resolves once
 * a handler waits there (`await hold.wait()`), which goes on after `release()`.
 */
export function holdPoint() {
  let arrive = () => {};
  let release = () => {};
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    arrived,
    release,
    wait: async () => {
      arrive();
      await released;
    },
  };
}

/**
 * For the tests of either server's build: runs Node with `args` (options, then the compiled
 * script, as the package's start script has them) in `cwd` (PATH and `env` only) and resolves
 * `url` with the first group of `listening` once its output shows it; `output()` is everything it
 * has printed so far.
 */
export function startBuilt(
  cwd: string,
  args: readonly string[],
  listening: RegExp,
  env: Record<string, string>,
): { child: ChildProcess; url: Promise<string>; output: () => string } {
  const child = spawn(process.execPath, [...args], {
    cwd,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const found = listening.exec(output);
      if (found?.[1]) resolve(found[1]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
  });
  return { child, url, output: () => output };
}
export * from './env-docs.ts';
