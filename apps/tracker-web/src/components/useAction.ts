import { type ToastOptions, toast } from '@app/ui/toast-store';
import { useRouter } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import {
  failureToast,
  isPasswordChangeRequired,
  isSignInRequired,
  messageOf,
} from '../api/errors.ts';
import type { CodeFields } from './form.ts';

/**
 * Where focus goes once an action is done: the id of an element, or several, the first one on
 * the page winning (the request's card, else the list, else the heading). Each must be visible
 * and named (a heading with `tabIndex={-1}`, a button, a summary), never the page's body.
 */
export type FocusTarget = string | readonly string[];

/** What an action needs of a form (`useForm`): its busy state and where a refusal shows. */
export interface FormSink {
  sending(on: boolean): void;
  refuse(error: unknown, codeFields?: CodeFields<string>): void;
  clear(): void;
}

/** What an action does, and what follows when it is done or refused. */
export interface Action<A extends readonly unknown[], R> {
  /** The call to the tracker. */
  send: (...args: A) => Promise<R>;
  /** Once it is done: the toast (from the answer and the arguments where it names them). */
  toast?: ToastOptions | ((answer: R, ...args: A) => ToastOptions | null);
  /**
   * When it is refused: a toast with this title and the tracker's reason. Without it (and without
   * `form`) the reason is kept in `error`, for the page to show at its field.
   */
  failure?: string | ((...args: A) => string);
  /** Without `failure` or `form`: what `error` says for a failure that is not the tracker's. */
  otherwise?: string;
  /** A form's refusal goes to its fields and its error summary, which takes focus. */
  form?: FormSink;
  /** With `form`: for a refusal with no field list, the field its code is about. */
  codeFields?: CodeFields<string>;
  /**
   * A refusal the page deals with itself (an answer kept offline until the connection is back):
   * true when it has, so nothing is shown.
   */
  recover?: (error: unknown, ...args: A) => boolean | Promise<boolean>;
  /** Once it is done, after the toast: change what the page holds. */
  done?: (answer: R, ...args: A) => unknown;
  /** Once it is done: read the page's data again, so it shows what changed. */
  reload?: boolean;
  /** Once it is done and the page redrawn: where focus goes. */
  focus?: FocusTarget | ((answer: R, ...args: A) => FocusTarget | null);
}

function firstOnPage(target: FocusTarget): HTMLElement | null {
  for (const id of typeof target === 'string' ? [target] : target) {
    const element = document.getElementById(id);
    if (element) return element;
  }
  return null;
}

/** True when nothing on the page has focus: the element that had it was taken away. */
const focusLost = () => document.activeElement === null || document.activeElement === document.body;

/** Stops the focus being followed after the last action, if it still is: one at a time. */
let following: () => void = () => {};

/**
 * Puts focus on the target once it is drawn, and again on its new self whenever the redraw
 * replaces it (a card drawn afresh for a new answer, a heading of the card's other state with the
 * same id): the element pressed is often gone with the change, and the browser would leave focus
 * on the body. It follows the page's changes as they are made (a MutationObserver), not a clock,
 * so a redraw that comes late on a busy device is followed too. It ends when the person acts (a
 * press or a key), when focus is moved elsewhere, when the next action's focus starts, and when
 * the returned function is called.
 */
export function focusWhenDrawn(target: FocusTarget): () => void {
  following();
  let focused: HTMLElement | null = null;
  const place = () => {
    const element = firstOnPage(target);
    if (element === null || !element.isConnected) return;
    if (focused === null || focusLost()) {
      focused = element;
      element.focus();
    }
  };
  const observer = new MutationObserver(place);
  const movedOn = (event: FocusEvent) => {
    // Focus moved to something other than the target (by the person, or another part of the
    // page): theirs to keep.
    if (event.target instanceof Node && event.target !== firstOnPage(target)) stop();
  };
  const stop = () => {
    if (following === stop) following = () => {};
    observer.disconnect();
    window.removeEventListener('pointerdown', stop, true);
    window.removeEventListener('keydown', stop, true);
    document.removeEventListener('focusin', movedOn, true);
  };
  observer.observe(document.body, { childList: true, subtree: true });
  window.addEventListener('pointerdown', stop, true);
  window.addEventListener('keydown', stop, true);
  document.addEventListener('focusin', movedOn, true);
  following = stop;
  place();
  return stop;
}

/**
 * One action of a page (a tap on Pause, Approve, Leave the team; a form's submit): whether it is
 * being sent (a second tap meanwhile does nothing), the refusal shown at the field or in a toast,
 * and once it is done the toast, `done`, the reload and focus on what changed. A session that has
 * ended goes to sign-in and back here, whatever the action.
 */
export function useAction<A extends readonly unknown[], R>(action: Action<A, R>) {
  const router = useRouter();
  const [running, setRunning] = useState<A | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The state above is a render behind: this stops a double tap in the same frame.
  const busy = useRef(false);

  async function run(...args: A): Promise<boolean> {
    if (busy.current) return false;
    busy.current = true;
    setRunning(args);
    setError(null);
    action.form?.sending(true);
    try {
      let answer: R;
      try {
        answer = await action.send(...args);
      } catch (failure) {
        await refused(failure, args);
        return false;
      }
      action.form?.clear();
      const said =
        typeof action.toast === 'function' ? action.toast(answer, ...args) : action.toast;
      if (said) toast(said);
      await action.done?.(answer, ...args);
      if (action.reload) await router.invalidate();
      const target =
        typeof action.focus === 'function' ? action.focus(answer, ...args) : action.focus;
      // Followed until the person acts or another action's focus takes over; not when this
      // control goes (the redraw often takes away the part of the page that ran the action).
      if (target) focusWhenDrawn(target);
      return true;
    } finally {
      busy.current = false;
      setRunning(null);
      action.form?.sending(false);
    }
  }
  async function refused(failure: unknown, args: A) {
    if (isSignInRequired(failure)) {
      await router.navigate({ to: '/sign-in', search: { next: router.state.location.href } });
      return;
    }
    if (isPasswordChangeRequired(failure)) {
      await router.navigate({
        to: '/new-password',
        search: { next: router.state.location.href },
      });
      return;
    }
    if (await action.recover?.(failure, ...args)) return;
    if (action.form) {
      action.form.refuse(failure, action.codeFields);
    } else if (action.failure !== undefined) {
      const title = typeof action.failure === 'function' ? action.failure(...args) : action.failure;
      toast(failureToast(title, failure));
    } else {
      setError(messageOf(failure, action.otherwise));
    }
  }

  return {
    /** Sends it; resolves true once it is done (and false when refused or already being sent). */
    run,
    pending: running !== null,
    /** The arguments of the call being sent, or null: which of two buttons was pressed. */
    running,
    /** The refusal's message, when the page shows it itself (no `failure`, no `form`). */
    error,
    setError,
  };
}
