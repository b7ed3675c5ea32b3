/**
 * The kinds of event a model sends besides the machine's own: an invoked actor's answer (done or
 * error) and a delay running out. No Node API: the statechart studio's simulator offers these
 * events as its buttons too.
 */
import type { AnyStateMachine } from 'xstate';
import { getStateNodes } from 'xstate/graph';

export type ActorDoneEvent<TActor extends string = string> = {
  type: `xstate.done.actor.${TActor}`;
  output: unknown;
};
export type ActorErrorEvent<TActor extends string = string> = {
  type: `xstate.error.actor.${TActor}`;
  error: unknown;
};
export type DelayEvent = { type: `xstate.after.${string}` };

/** The event that settles the call of the invoke `actor` with `output`. */
export const actorDone = <TActor extends string>(
  actor: TActor,
  output: unknown,
): ActorDoneEvent<TActor> => ({ type: `xstate.done.actor.${actor}`, output });

/** The event that fails the call of the invoke `actor` with `error`. */
export const actorError = <TActor extends string>(
  actor: TActor,
  error: unknown,
): ActorErrorEvent<TActor> => ({ type: `xstate.error.actor.${actor}`, error });

/** The delayed events of a machine, read from its definition (`xstate.after.<delay>.<id>`). */
export function delayEvents(machine: AnyStateMachine): DelayEvent[] {
  return getStateNodes(machine.root).flatMap((node) =>
    [...node.transitions.keys()]
      .filter((type) => type.startsWith('xstate.after.'))
      .map((type) => ({ type: `xstate.after.${type.slice('xstate.after.'.length)}` }) as const),
  );
}
