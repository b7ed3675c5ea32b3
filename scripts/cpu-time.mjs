// Runs a command and reports the processor time it cost, written as JSON to file descriptor 3
// when the command ends: { user, system, counted, outlived, waited }, in seconds. Linux only; on another
// system the figures are null.
//
//   node scripts/cpu-time.mjs pnpm --filter @app/tracker run test
//
// How it counts (`counted`):
// - "cgroup": the command runs in a control group of its own (cgroup v1's cpuacct, or cgroup v2),
//   made for it and removed after it, and the figures are the group's: every process the command
//   started, whether or not anything waited for it. A browser's renderers are often ended with
//   their parent and reaped by init, so the next way misses them; over the browser tests it missed
//   about half of what Chromium used.
// - "waited": where no control group can be made (not root, no cgroup file system), the kernel's
//   cutime and cstime of this process: the command and every process below it that was waited for.
// Processes still in the group when the command ends (`outlived`: a server or browser a test
// left running) are named on standard error and ended, so they cost the next command nothing.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmdirSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node scripts/cpu-time.mjs COMMAND [ARGS...]');
  process.exit(2);
}

/** Clock ticks a second, the unit of /proc's times and of cpuacct.stat (100 on every Linux seen). */
function ticksPerSecond() {
  const asked = spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' });
  const value = Number(asked.stdout?.trim());
  return Number.isFinite(value) && value > 0 ? value : 100;
}
const hz = ticksPerSecond();

/** User and system seconds of this process's waited-for children, or null off Linux. */
function waitedTimes() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // The name in parentheses may hold spaces: the fields are counted after its closing one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 16 and 17 of proc(5) (cutime, cstime); the list here starts at field 3.
    return { user: Number(fields[13]) / hz, system: Number(fields[14]) / hz };
  } catch {
    return null;
  }
}

/** `key value` lines (cpuacct.stat, cpu.stat) as numbers by key. */
function keyed(text) {
  return Object.fromEntries(
    text
      .trim()
      .split('\n')
      .map((line) => line.split(' '))
      .map(([key, value]) => [key, Number(value)]),
  );
}

/**
 * The control-group hierarchies that count processor time, each with where this process sits in
 * it (/proc/self/cgroup) and how its figures are read, in seconds.
 */
function hierarchies() {
  let lines;
  try {
    lines = readFileSync('/proc/self/cgroup', 'utf8').trim().split('\n');
  } catch {
    return [];
  }
  const found = [];
  for (const line of lines) {
    const [id, controllers, path] = split(line);
    if (controllers.split(',').includes('cpuacct')) {
      found.push({
        dir: join('/sys/fs/cgroup/cpuacct', path),
        read: (dir) => {
          const stat = keyed(readFileSync(join(dir, 'cpuacct.stat'), 'utf8'));
          return { user: stat.user / hz, system: stat.system / hz };
        },
      });
    } else if (id === '0' && controllers === '') {
      // cgroup v2: every group's cpu.stat gives its usage, in microseconds.
      for (const root of ['/sys/fs/cgroup/unified', '/sys/fs/cgroup']) {
        found.push({
          dir: join(root, path),
          read: (dir) => {
            const stat = keyed(readFileSync(join(dir, 'cpu.stat'), 'utf8'));
            return { user: stat.user_usec / 1e6, system: stat.system_usec / 1e6 };
          },
        });
      }
    }
  }
  return found;
}

/** "id:controllers:path", where the path may itself hold colons. */
function split(line) {
  const first = line.indexOf(':');
  const second = line.indexOf(':', first + 1);
  return [line.slice(0, first), line.slice(first + 1, second), line.slice(second + 1)];
}

/**
 * Moves this process into a new group of the first hierarchy that lets it, so that the command
 * and all it starts are in that group; null when none does.
 */
function joinOwnGroup() {
  for (const hierarchy of hierarchies()) {
    const group = join(hierarchy.dir, `cpu-time-${process.pid}`);
    try {
      mkdirSync(group);
    } catch {
      continue;
    }
    try {
      writeFileSync(join(group, 'cgroup.procs'), `${process.pid}\n`);
      hierarchy.read(group);
      return { ...hierarchy, group };
    } catch {
      try {
        writeFileSync(join(hierarchy.dir, 'cgroup.procs'), `${process.pid}\n`);
        rmdirSync(group);
      } catch {
        // Left as it is: an empty group costs nothing.
      }
    }
  }
  return null;
}

/** Whether a process has ended and waits only to be reaped (a zombie), or is gone already. */
function ending(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) === 'Z';
  } catch {
    return true;
  }
}

/** The command line of a process, for the note about processes that outlived the command. */
function commandLine(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim().slice(0, 160);
  } catch {
    return '(ended)';
  }
}

/**
 * Reads the group's figures, moves this process back, ends whatever is still in the group, and
 * removes it.
 */
function leaveGroup(own) {
  const times = own.read(own.group);
  writeFileSync(join(own.dir, 'cgroup.procs'), `${process.pid}\n`);
  const left = () =>
    readFileSync(join(own.group, 'cgroup.procs'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map(Number)
      .filter((pid) => !ending(pid));
  // A process that was ending as the command ended (a test runner's worker, say) leaves the
  // group within moments: give it a second before calling it left running.
  let outlived = left();
  for (let tries = 0; tries < 10 && outlived.length > 0; tries += 1) {
    spawnSync('sleep', ['0.1']);
    outlived = left();
  }
  for (const pid of outlived) {
    process.stderr.write(`cpu-time: still running after the command, ended: ${commandLine(pid)}\n`);
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Ended meanwhile.
    }
  }
  for (let tries = 0; tries < 50; tries += 1) {
    try {
      rmdirSync(own.group);
      break;
    } catch {
      // The ended processes leave the group as the kernel reaps them.
      spawnSync('sleep', ['0.1']);
    }
  }
  // What the ended processes used until the end is in the figures read above.
  return { ...times, counted: 'cgroup', outlived: outlived.length };
}

const own = joinOwnGroup();
const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });
child.on('close', (code, signal) => {
  let times = null;
  if (own) {
    try {
      times = leaveGroup(own);
    } catch {
      times = null;
    }
  }
  const waited = waitedTimes();
  // The waited-for figures go along too, to show what the other way would have missed.
  if (times !== null) times = { ...times, waited };
  else times = waited && { ...waited, counted: 'waited', outlived: null };
  try {
    writeSync(3, `${JSON.stringify(times)}\n`);
  } catch {
    // Nobody asked for the figures (no descriptor 3): the command's result is all that counts.
  }
  process.exit(code ?? (signal ? 1 : 0));
});
