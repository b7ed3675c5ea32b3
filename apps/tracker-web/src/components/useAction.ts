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

/** How long focus is looked after once an action is done: the redraw can take a while. */
const FOCUS_WAIT_MS = 3000;
/** How long an element that was on the page before the redraw is watched, in case it goes. */
const FOCUS_SETTLE_MS = 750;

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

function firstOnPage(target: FocusTarget): HTMLElement | null {
  for (const id of typeof target === 'string' ? [target] : target) {
    const element = document.getElementById(id);
    if (element) return element;
  }
  return null;
}

/** True when nothing on the page has focus: the element that had it was taken away. */
const focusLost = () => document.activeElement === null || document.activeElement === document.body;

/**
 * Puts focus on the target once it is drawn, and again on its new self while the redraw
 * replaces it (a card drawn afresh for a new answer, a heading of the card's other state with the
 * same id): the element pressed is often gone with the change, and the browser would leave focus
 * on the body. Done once focus rests on an element drawn since, or has rested a while on one that
 * was there before; a person who moves focus elsewhere meanwhile is left alone.
 */
export async function focusWhenDrawn(target: FocusTarget): Promise<void> {
  const before = firstOnPage(target);
  const start = performance.now();
  let focused: HTMLElement | null = null;
  let held = 0;
  while (performance.now() - start < FOCUS_WAIT_MS) {
    const element = firstOnPage(target);
    if (element?.isConnected && (focused === null || focusLost())) {
      element.focus();
      focused = element;
      held = 0;
    } else if (focused?.isConnected && document.activeElement === focused) {
      held += 1;
      const fresh = focused !== before;
      if (held >= 2 && (fresh || performance.now() - start > FOCUS_SETTLE_MS)) return;
    } else if (focused && !focusLost()) {
      // Focus was moved on by the person: theirs to keep.
      return;
    }
    await nextFrame();
  }
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
      // Not awaited: the action is over once the page shows what changed.
      if (target) void focusWhenDrawn(target);
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
