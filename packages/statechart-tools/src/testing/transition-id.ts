import type { AnyTransitionDefinition } from 'xstate';

/**
 * A stable name for a transition, the same in the machine and in its `provide()`d copies:
 * `<source state node id> -- <event type>[<index among the source's transitions for it>]`, or
 * `-- always[<index>]` for eventless ones. The path suites record coverage under it and the
 * statechart studio reads the coverage back by it.
 */
export function transitionId(definition: AnyTransitionDefinition): string {
  const source = definition.source;
  const always = source.always?.indexOf(definition) ?? -1;
  if (always >= 0) return `${source.id} -- always[${always}]`;
  const index = source.transitions.get(definition.eventType)?.indexOf(definition) ?? -1;
  return `${source.id} -- ${definition.eventType}[${index}]`;
}
