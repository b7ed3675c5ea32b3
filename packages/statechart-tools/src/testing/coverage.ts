/**
 * Coverage of a machine's transitions by the model-based paths, measured the same way at every
 * level (the machine alone, the React app in jsdom, the built app in Chromium) and written as data
 * that the statechart page can draw: `reports/paths/coverage.json` at the repository's root.
 */
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import {
  type AnyActorScope,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyTransitionDefinition,
  createEmptyActor,
  type EventObject,
  type InspectionEvent,
} from 'xstate';
import { type AnyStateNode, getStateNodes } from 'xstate/graph';
import { transitionId } from './transition-id.ts';

/** Every state node of the machine (the root excluded). */
export function allStateNodes(machine: AnyStateMachine): AnyStateNode[] {
  return getStateNodes(machine.root);
}

/** The ids of every transition of the machine (eventless ones included). */
export function allTransitionIds(machine: AnyStateMachine): string[] {
  const ids: string[] = [];
  for (const node of [machine.root, ...allStateNodes(machine)]) {
    for (const definitions of node.transitions.values()) {
      for (const definition of definitions) ids.push(transitionId(definition));
    }
    for (const definition of node.always ?? []) ids.push(transitionId(definition));
  }
  return ids;
}

/** The ids of the state nodes a snapshot is in (its machine's root excluded). */
export function activeStateIds(snapshot: AnyMachineSnapshot): string[] {
  return (snapshot._nodes ?? []).filter((node) => node.parent !== undefined).map((node) => node.id);
}

/**
 * The transitions the machine takes, eventless ones included, when `event` reaches `snapshot`:
 * computed without running anything (no actor starts, no action runs), from the microsteps the
 * machine reports while it computes its next state.
 */
export function transitionsTaken(snapshot: AnyMachineSnapshot, event: EventObject): string[] {
  return [...new Set(transitionDefinitionsTaken(snapshot, event).map(transitionId))];
}

/** The definitions of the transitions `transitionsTaken` names, in the order taken. */
export function transitionDefinitionsTaken(
  snapshot: AnyMachineSnapshot,
  event: EventObject,
): AnyTransitionDefinition[] {
  return microsteps(snapshot, event).flatMap((step) => step.transitions);
}

/**
 * The states the machine is in after each microstep of `event` reaching `snapshot`: states it
 * leaves again in the same step (an `always` right after entry) count as visited too.
 */
export function statesVisited(snapshot: AnyMachineSnapshot, event: EventObject): string[] {
  return [...new Set(microsteps(snapshot, event).flatMap((step) => step.states))];
}

interface Microstep {
  transitions: AnyTransitionDefinition[];
  states: string[];
}

function microsteps(snapshot: AnyMachineSnapshot, event: EventObject): Microstep[] {
  const { machine } = snapshot;
  const taken: Microstep[] = [];
  const self = createEmptyActor();
  const record = (inspection: InspectionEvent) => {
    if (inspection.type !== '@xstate.microstep') return;
    const nodes: unknown = '_nodes' in inspection.snapshot ? inspection.snapshot._nodes : [];
    const states = Array.isArray(nodes)
      ? nodes.flatMap((node: unknown) =>
          typeof node === 'object' &&
          node !== null &&
          'id' in node &&
          typeof node.id === 'string' &&
          node.id !== machine.root.id
            ? [node.id]
            : [],
        )
      : [];
    taken.push({ transitions: [...inspection._transitions], states });
  };
  const scope: AnyActorScope = {
    self,
    id: '',
    sessionId: 'coverage',
    logger: () => undefined,
    defer: () => undefined,
    system: self.system,
    stopChild: () => undefined,
    emit: () => undefined,
    actionExecutor: () => undefined,
  };
  const inspection = self.system.inspect(record);
  try {
    machine.transition(snapshot, event, scope);
  } finally {
    inspection.unsubscribe();
  }
  return taken;
}

/** The toasts (title and description) a step shows, read from its transitions' actions. */
export function toastsShown(
  snapshot: AnyMachineSnapshot,
  event: EventObject,
): { title: string; description?: string }[] {
  const toasts: { title: string; description?: string }[] = [];
  for (const definition of transitionDefinitionsTaken(snapshot, event)) {
    for (const action of definition.actions ?? []) {
      if (typeof action !== 'object' || action === null || action.type !== 'showToast') continue;
      const raw: unknown =
        typeof action.params === 'function'
          ? action.params({ context: snapshot.context, event })
          : action.params;
      if (typeof raw !== 'object' || raw === null || !('title' in raw)) continue;
      const description = 'description' in raw ? raw.description : undefined;
      toasts.push({
        title: String(raw.title),
        ...(typeof description === 'string' ? { description } : {}),
      });
    }
  }
  return toasts;
}

/* ------------------------------------------------------------------ */
/* Coverage figures                                                     */
/* ------------------------------------------------------------------ */

export const LEVELS = ['machine', 'jsdom', 'chromium'] as const;
export type Level = (typeof LEVELS)[number];

export interface LevelCoverage {
  level: Level;
  paths: number;
  states: Set<string>;
  transitions: Set<string>;
}

export function emptyCoverage(level: Level): LevelCoverage {
  return { level, paths: 0, states: new Set(), transitions: new Set() };
}

/** A level's figures: its paths, and the machine's states and transitions it covered. */
export interface CoverageFigures {
  paths: number;
  states: number;
  statesTotal: number;
  transitions: number;
  transitionsTotal: number;
}

export function coverageFigures(
  machine: AnyStateMachine,
  coverage: Pick<LevelCoverage, 'paths' | 'states' | 'transitions'>,
): CoverageFigures {
  const states = allStateNodes(machine).map((node) => node.id);
  const transitions = allTransitionIds(machine);
  return {
    paths: coverage.paths,
    states: states.filter((id) => coverage.states.has(id)).length,
    statesTotal: states.length,
    transitions: transitions.filter((id) => coverage.transitions.has(id)).length,
    transitionsTotal: transitions.length,
  };
}

/** One line per level: paths, states covered, transitions covered. */
export function formatCoverage(machine: AnyStateMachine, coverage: LevelCoverage): string {
  const figures = coverageFigures(machine, coverage);
  const pct = (part: number, whole: number) =>
    whole === 0 ? '100.0' : ((part / whole) * 100).toFixed(1);
  const share = (part: number, whole: number) => `${pct(part, whole)}% (${part}/${whole})`;
  return `${coverage.level}: ${figures.paths} paths, states ${share(figures.states, figures.statesTotal)}, transitions ${share(figures.transitions, figures.transitionsTotal)}`;
}

export function missingStates(machine: AnyStateMachine, coverage: LevelCoverage): string[] {
  return allStateNodes(machine)
    .map((node) => node.id)
    .filter((id) => !coverage.states.has(id));
}

export function missingTransitions(
  machine: AnyStateMachine,
  coverage: LevelCoverage,
  total = allTransitionIds(machine),
): string[] {
  return total.filter((id) => !coverage.transitions.has(id));
}

/* ------------------------------------------------------------------ */
/* coverage.json                                                        */
/* ------------------------------------------------------------------ */

/** The repository's root: the nearest folder up from the working directory with the workspace file. */
function repoRoot(): string {
  let dir = process.cwd();
  while (!existsSync(join(dir, 'pnpm-workspace.yaml'))) {
    const parent = dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}

/** Where the path reports go (gitignored): `reports/paths/`, or `PATHS_REPORT_DIR`. */
export function reportDir(): string {
  return process.env.PATHS_REPORT_DIR ?? join(repoRoot(), 'reports', 'paths');
}

/** What a level's latest run covered, in figures. */
export interface LevelRun extends CoverageFigures {
  /** When its last part was recorded. */
  at: string;
}

export interface CoverageFile {
  generatedAt: string;
  levels: Level[];
  /** Transition id -> the levels that took it. */
  transitions: Record<string, Level[]>;
  /** The figures of each level's latest run; a level never run here is missing. */
  runs?: Partial<Record<Level, LevelRun>>;
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

function withLock<T>(dir: string, run: () => T): T {
  const lock = join(dir, '.coverage.lock');
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // Another test process is writing; a lock older than the deadline is a crashed writer's.
      if (Date.now() > deadline) {
        rmSync(lock, { recursive: true, force: true });
        continue;
      }
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
    }
  }
  try {
    return run();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * Records what one run of one level (or one part of it: `part` names a shard) covered, then
 * rewrites `coverage.json` from every part recorded so far. A level's later run replaces its own
 * part, so the file always reflects the latest run of each.
 */
export function writeCoverage(
  machine: AnyStateMachine,
  level: Level,
  transitions: Iterable<string>,
  part = 'all',
  run: { paths: number; states: Iterable<string> } = { paths: 0, states: [] },
): string {
  const dir = reportDir();
  const parts = join(dir, 'coverage-parts');
  mkdirSync(parts, { recursive: true });
  const file = join(dir, 'coverage.json');
  withLock(dir, () => {
    const own = join(parts, `${level}.${part}.json`);
    writeFileSync(
      own,
      JSON.stringify({
        level,
        at: new Date().toISOString(),
        paths: run.paths,
        states: [...new Set(run.states)].sort(),
        transitions: [...new Set(transitions)].sort(),
      }),
    );
    /** Each level's run, from the parts that recorded their figures (older parts did not). */
    const totals = new Map<Level, LevelCoverage & { at: string }>();
    const byTransition = new Map<string, Set<Level>>(
      allTransitionIds(machine).map((id) => [id, new Set<Level>()]),
    );
    for (const name of readdirSync(parts)) {
      const data = readJson(join(parts, name));
      if (typeof data !== 'object' || data === null) continue;
      const recorded: {
        level?: unknown;
        transitions?: unknown;
        at?: unknown;
        paths?: unknown;
        states?: unknown;
      } = data;
      const level = LEVELS.find((candidate) => candidate === recorded.level);
      if (level === undefined || !Array.isArray(recorded.transitions)) continue;
      const transitions = recorded.transitions.filter((id) => typeof id === 'string');
      for (const id of transitions) byTransition.get(id)?.add(level);
      if (typeof recorded.at !== 'string') continue;
      const total = totals.get(level) ?? { ...emptyCoverage(level), at: '' };
      totals.set(level, total);
      if (recorded.at > total.at) total.at = recorded.at;
      if (typeof recorded.paths === 'number') total.paths += recorded.paths;
      for (const id of Array.isArray(recorded.states) ? recorded.states : []) {
        if (typeof id === 'string') total.states.add(id);
      }
      for (const id of transitions) total.transitions.add(id);
    }
    const runs: Partial<Record<Level, LevelRun>> = {};
    for (const [level, total] of totals) {
      runs[level] = { at: total.at, ...coverageFigures(machine, total) };
    }
    const content: CoverageFile = {
      generatedAt: new Date().toISOString(),
      levels: [...LEVELS],
      transitions: Object.fromEntries(
        [...byTransition].map(([id, levels]) => [
          id,
          LEVELS.filter((candidate) => levels.has(candidate)),
        ]),
      ),
      runs,
    };
    mkdirSync(dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(content, null, 2)}\n`);
    renameSync(temporary, file);
  });
  return file;
}
