// The generic kit first; the onboarding bindings below replace its machine-taking functions.
export {
  activeStateIds,
  type CoverageFigures,
  type CoverageFile,
  describeEvent,
  emptyCoverage,
  formatPairs,
  LEVELS,
  type Level,
  type LevelCoverage,
  type LevelRun,
  type PairCoverage,
  pairName,
  pairsTaken,
  reportDir,
  sameEvent,
  statesVisited,
  stepTransitions,
  toastsShown,
  transitionDefinitionsTaken,
  transitionId,
  transitionName,
  transitionsTaken,
  writeReplay,
} from '@app/statechart-tools/testing';
export * from './coverage.ts';
export * from './model.ts';
