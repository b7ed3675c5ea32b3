import type { ToastOptions } from '@app/ui/toast-store';
import type { FormEvent } from 'react';
import type * as z from 'zod/mini';
import type { CodeFields, Form } from './form.ts';
import { type FocusTarget, useAction } from './useAction.ts';

/** What a form sends and what follows once it is sent. */
export interface Submission<K extends string, S extends z.ZodMiniType, R> {
  /** The contract's schema: the values are checked against it before anything is sent. */
  schema: S;
  /** The values as the form holds them. */
  values: unknown;
  /** The call to the tracker, with the checked values. */
  send: (values: z.output<S>) => Promise<R>;
  /** For a refusal with no field list: the field its code is about (a wrong current password). */
  codeFields?: CodeFields<K>;
  /** Once it is sent: the toast (from the checked values where it names them). */
  toast?: ToastOptions | ((values: z.output<S>) => ToastOptions);
  /** Once it is sent, after the toast: empty the form, go on to another page. */
  done?: (values: z.output<S>, answer: R) => unknown;
  /** Once it is sent, last: read the page's data again, so it shows what was saved. */
  reload?: boolean;
  /** Once it is sent and the page redrawn: where focus goes (`useAction`). */
  focus?: FocusTarget | ((values: z.output<S>, answer: R) => FocusTarget | null);
}

/**
 * A form's submit handler: the form's `useAction`. The values are checked, then sent; a problem
 * either way is shown in the form's error summary, which takes focus, and under the fields it
 * names (`useForm`), and a submission while one is being sent does nothing. Once sent: the toast,
 * `done`, the reload, focus.
 */
export function useSubmit<K extends string, S extends z.ZodMiniType, R>(
  form: Form<K>,
  submission: Submission<K, S, R>,
) {
  const { toast: said, done, focus } = submission;
  const action = useAction({
    send: submission.send,
    form,
    ...(submission.codeFields ? { codeFields: submission.codeFields } : {}),
    toast: (_: R, values: z.output<S>) =>
      (typeof said === 'function' ? said(values) : said) ?? null,
    done: (answer: R, values: z.output<S>) => done?.(values, answer),
    reload: submission.reload ?? false,
    focus: (answer: R, values: z.output<S>) =>
      (typeof focus === 'function' ? focus(values, answer) : focus) ?? null,
  });
  return async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (form.pending) return;
    const values = form.check(submission.schema, submission.values);
    if (values === null) return;
    await action.run(values);
  };
}
