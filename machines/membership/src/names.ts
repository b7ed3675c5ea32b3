/**
 * The state and event names live in the contracts (the bottom layer, which the member API's
 * schemas are built from); the machine re-exports them and checks here that every event a person
 * can make happen is one of its own, and `states.test.ts` that every state name is one of its states.
 */
import { MEMBER_EVENTS } from '@app/contracts';
import type { MembershipEventType } from './machine.ts';

export {
  isMembershipState,
  MEMBER_EVENTS,
  MEMBERSHIP_STATES,
  type MemberEventType,
  type MembershipState,
} from '@app/contracts';

MEMBER_EVENTS satisfies readonly MembershipEventType[];
