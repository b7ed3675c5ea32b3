import { type ToastOptions, toast } from '@app/ui/toast-store';
import { useRouter } from '@tanstack/react-router';
import type { FormEvent } from 'react';
import type * as z from 'zod/mini';
import type { CodeFields, Form } from './form.ts';

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
}

/**
 * A form's submit handler. The values are checked, then sent; a problem either way is shown in
 * the form's error summary, which takes focus, and under the fields it names (`useForm`), and a
 * submission while one is being sent does nothing. Once sent: the toast, `done`, the reload.
 */
export function useSubmit<K extends string, S extends z.ZodMiniType, R>(
  form: Form<K>,
  submission: Submission<K, S, R>,
) {
  const router = useRouter();
  return async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = form.check(submission.schema, submission.values);
    if (values === null) return;
    let answer: R | undefined;
    const sent = await form.send(async () => {
      answer = await submission.send(values);
    }, submission.codeFields);
    if (!sent) return;
    const said = submission.toast;
    if (said) toast(typeof said === 'function' ? said(values) : said);
    await submission.done?.(values, answer as R);
    if (submission.reload) await router.invalidate();
  };
}
