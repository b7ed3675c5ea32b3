import type { OnboardingEvent } from '@app/onboarding/flow';

/**
 * What a visitor did on a first step (the area, the role) drawn from its URL before the flow's code
 * (XState, the machine, the session) had arrived, handed to the flow when it has (see
 * `FirstStep` and the onboarding route). The page then draws the machine's screen instead of the
 * URL's, a new tree: the role ticked, the field that had focus and its caret go over with it.
 */

let queued: OnboardingEvent[] = [];

/** Keeps an answer (or Go back) for the flow; the first one only, as the step is busy after it. */
export function queueForFlow(event: OnboardingEvent): boolean {
  if (queued.length > 0) return false;
  queued = [event];
  return true;
}

/** The events kept for the flow, once: the flow sends them as it starts. */
export function takeQueued(): OnboardingEvent[] {
  const events = queued;
  queued = [];
  return events;
}

interface Carried {
  /** The role option ticked on the page being replaced. */
  choice: string | null;
  /** The step's form was submitted there (its answer is kept for the flow). */
  submitted: boolean;
  /** The id of the element that had focus, with its caret when it is a text field. */
  focus: { id: string; selection: [number, number] | null } | null;
}

let carried: Carried = { choice: null, submitted: false, focus: null };

/**
 * Notes what the visitor did on the page, just before it goes: what it shows (the tick, the focus)
 * and whether its form was submitted (an answer to the role step is kept for the flow).
 */
export function carryFromPage(document: Document): void {
  const ticked = document.querySelector<HTMLInputElement>('input[type="radio"]:checked');
  const active = document.activeElement;
  let focus: Carried['focus'] = null;
  if (active instanceof HTMLElement && active.id !== '' && active.tagName !== 'H1') {
    const field = active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement;
    const start = field ? active.selectionStart : null;
    const end = field ? active.selectionEnd : null;
    focus = { id: active.id, selection: start !== null && end !== null ? [start, end] : null };
  }
  const submitted = queued.some((event) => event.type === 'role.submit');
  carried = { choice: ticked?.value ?? null, submitted, focus };
}

/** The role option ticked before the hand-over, once. */
export function takeCarriedChoice(): string | null {
  const { choice } = carried;
  carried = { ...carried, choice: null };
  return choice;
}

/**
 * Whether the step's form was submitted before the hand-over, once: the flow's screen then says
 * what the flow found wrong with the answer, as it would after its own submit.
 */
export function takeCarriedSubmit(): boolean {
  const { submitted } = carried;
  carried = { ...carried, submitted: false };
  return submitted;
}

/**
 * Puts focus back where it was before the hand-over; true when it did, and then the new screen's
 * heading does not take it (see StepLayout).
 */
export function restoreCarriedFocus(document: Document): boolean {
  const { focus } = carried;
  carried = { ...carried, focus: null };
  if (focus === null) return false;
  const element = document.getElementById(focus.id);
  if (!(element instanceof HTMLElement)) return false;
  element.focus();
  if (
    focus.selection !== null &&
    (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)
  ) {
    try {
      element.setSelectionRange(...focus.selection);
    } catch {
      // An input type without a caret.
    }
  }
  return document.activeElement === element;
}

/** Forgets what was carried and not taken (the flow's screen was not the same step). */
export function dropCarried(): void {
  carried = { choice: null, submitted: false, focus: null };
}

/**
 * A press under way (a pointer or a key down) when the flow arrives: the page is replaced after
 * it, or the press would start on one button and end on its twin in the new page, and the browser
 * sends no click at all. `watchPresses` follows the presses; `afterPress` runs its callback at
 * once, or in the task after the press has ended (a mouse's or a key's click comes in the same
 * task as its release; a tap's comes later, but its press and click then land on the same page).
 * No timer is involved but the cap: a page whose clock is stopped (the path tests') still hands
 * over.
 */
let pressing = false;
let afterPressRun: (() => void) | null = null;
let cap: ReturnType<typeof setTimeout> | undefined;

/** Longest a press holds the hand-over back (a pointer let go outside the window sends nothing). */
const PRESS_WAIT_MAX_MS = 3000;

/** A press has begun: the hand-over waits for its end, for 3 s at most. */
function pressBegan() {
  pressing = true;
  clearTimeout(cap);
  cap = setTimeout(pressEnded, PRESS_WAIT_MAX_MS);
}

function pressEnded() {
  clearTimeout(cap);
  pressing = false;
  const run = afterPressRun;
  afterPressRun = null;
  run?.();
}

/** Runs `run` in a task of its own, after the current one (and the events it dispatches). */
function nextTask(run: () => void) {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    run();
  };
  channel.port2.postMessage(null);
}

export function afterPress(run: () => void): void {
  if (!pressing && pressBegunUnseen()) {
    // A press that began before the presses were followed (as the page was still being hydrated):
    // its release is seen like any other.
    pressBegan();
  }
  if (pressing) afterPressRun = run;
  else run();
}

/**
 * An element is being pressed (the pointer's button or a key is down on it): the browser marks it
 * and its ancestors `:active` whoever listens.
 */
function pressBegunUnseen(): boolean {
  return document.querySelector(':active') !== null;
}

/** Follows the presses on `target` until the returned function is called. */
export function watchPresses(target: Window): () => void {
  let presses = 0;
  const down = () => {
    presses += 1;
    pressBegan();
  };
  const up = () => {
    const press = presses;
    nextTask(() => {
      // Not when another press has begun meanwhile.
      if (press === presses) pressEnded();
    });
  };
  const listeners: [string, () => void][] = [
    ['pointerdown', down],
    ['keydown', down],
    ['pointerup', up],
    ['pointercancel', up],
    ['keyup', up],
  ];
  for (const [type, listener] of listeners) target.addEventListener(type, listener, true);
  return () => {
    for (const [type, listener] of listeners) target.removeEventListener(type, listener, true);
    clearTimeout(cap);
    pressing = false;
    afterPressRun = null;
  };
}
