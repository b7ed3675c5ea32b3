/**
 * Coverage of the onboarding machine's states and transitions: `@app/statechart-tools/testing`'s
 * coverage bound to the machine. What a step takes (`transitionsTaken`, `statesVisited`,
 * `toastsShown`) is read from the snapshot's own machine and needs no binding.
 */
import * as kit from '@app/statechart-tools/testing';
import { onboardingMachine } from '../machine.ts';

export const allStateNodes = () => kit.allStateNodes(onboardingMachine);
export const allTransitionIds = () => kit.allTransitionIds(onboardingMachine);
/** The former name of `allTransitionIds`. */
export const allTransitionNames = allTransitionIds;

export const coverageFigures = (
  coverage: Pick<kit.LevelCoverage, 'paths' | 'states' | 'transitions'>,
) => kit.coverageFigures(onboardingMachine, coverage);
export const formatCoverage = (coverage: kit.LevelCoverage) =>
  kit.formatCoverage(onboardingMachine, coverage);
export const missingStates = (coverage: kit.LevelCoverage) =>
  kit.missingStates(onboardingMachine, coverage);
export const missingTransitions = (coverage: kit.LevelCoverage, total?: string[]) =>
  kit.missingTransitions(onboardingMachine, coverage, total);
export const writeCoverage = (
  level: kit.Level,
  transitions: Iterable<string>,
  part?: string,
  run?: { paths: number; states: Iterable<string> },
) => kit.writeCoverage(onboardingMachine, level, transitions, part, run);
