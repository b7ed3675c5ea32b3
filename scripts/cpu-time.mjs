// Runs a command and reports the processor time it cost: user and system time of the command and
// every process below it that was waited for (the kernel's cutime and cstime of this process, from
// /proc/self/stat), written as JSON to file descriptor 3 when the command ends. Linux only; on
// another system the figures are null.
//
//   node scripts/cpu-time.mjs pnpm --filter @app/tracker run test
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeSync } from 'node:fs';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node scripts/cpu-time.mjs COMMAND [ARGS...]');
  process.exit(2);
}

/** Clock ticks a second, the unit of /proc's times (100 on every Linux seen so far). */
function ticksPerSecond() {
  const asked = spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' });
  const value = Number(asked.stdout?.trim());
  return Number.isFinite(value) && value > 0 ? value : 100;
}

/** User and system seconds of this process's waited-for children, or null off Linux. */
function childrenTimes() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // The name in parentheses may hold spaces: the fields are counted after its closing one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const hz = ticksPerSecond();
    // Fields 16 and 17 of proc(5) (cutime, cstime); the list here starts at field 3.
    return { user: Number(fields[13]) / hz, system: Number(fields[14]) / hz };
  } catch {
    return null;
  }
}

const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });
child.on('close', (code, signal) => {
  const times = childrenTimes();
  try {
    writeSync(3, `${JSON.stringify(times)}\n`);
  } catch {
    // Nobody asked for the figures (no descriptor 3): the command's result is all that counts.
  }
  process.exit(code ?? (signal ? 1 : 0));
});
