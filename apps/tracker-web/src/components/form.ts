import { labelledMessage } from '@app/contracts';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type * as z from 'zod';
import { ApiError, isSignInRequired, SERVER_MESSAGE } from '../api/errors.ts';

/** One problem with a submitted form: about a field (its input's id) or the whole form (null). */
export interface FormError {
  field: string | null;
  /** Under the field. */
  message: string;
  /** In the error summary, where the field's label is not beside it. */
  summary: string;
}

export interface FieldSpec {
  /** The input's id (unique on the page). */
  id: string;
  label: string;
}

/** For a refusal with no field list: the field a code is about (a wrong current password). */
export type CodeFields<K extends string> = Partial<Record<string, K>>;

/** What `useForm` gives a form. */
export type Form<K extends string> = ReturnType<typeof useForm<K>>;

/**
 * A form's errors, its failed attempts and whether it is being sent. `K` are the keys of the body
 * the form sends, which are also the paths the server names in a validation refusal.
 */
export function useForm<K extends string>(fields: Readonly<Record<K, FieldSpec>>) {
  const [errors, setErrors] = useState<readonly FormError[]>([]);
  const [attempt, setAttempt] = useState(0);
  const [pending, setPending] = useState(false);
  const navigate = useNavigate();
  const here = useLocation({ select: (location) => location.href });

  function problem(path: string, message: string): FormError {
    const spec = (fields as Readonly<Record<string, FieldSpec | undefined>>)[path];
    if (!spec) return { field: null, message, summary: message };
    // Away from its field, a message says which field it is about, unless it already does.
    const named = message.toLowerCase().includes(spec.label.toLowerCase());
    return {
      field: spec.id,
      message,
      summary: named ? message : labelledMessage(spec.label, message),
    };
  }

  /** One message per field, the first one found, in the order of the form. */
  function show(found: readonly FormError[]) {
    const seen = new Set<string>();
    const kept = found.filter(({ field }) => {
      if (field === null) return true;
      if (seen.has(field)) return false;
      seen.add(field);
      return true;
    });
    const order = Object.values<FieldSpec>(fields).map((spec) => spec.id);
    const rank = (field: string | null) => (field === null ? -1 : order.indexOf(field));
    setErrors([...kept].sort((a, b) => rank(a.field) - rank(b.field)));
    setAttempt((count) => count + 1);
  }

  /** The message under one field, if it has one. */
  const errorOf = (key: K): string | undefined =>
    errors.find((error) => error.field === fields[key].id)?.message;

  return {
    errors,
    attempt,
    pending,
    errorOf,
    /**
     * A `<Field>`'s id, label and message (above the input, as every form here shows it), fixed
     * while the form is being sent.
     */
    field: (key: K) => ({
      ...fields[key],
      error: errorOf(key),
      errorPlacement: 'beforeControl' as const,
      readOnly: pending,
    }),
    /** Shows one message about the whole form. */
    fail: (message: string) => show([{ field: null, message, summary: message }]),
    clear: () => setErrors([]),

    /** The values checked against the contract's schema, or null when the errors are shown. */
    check<S extends z.ZodType>(schema: S, values: unknown): z.output<S> | null {
      const result = schema.safeParse(values);
      if (result.success) return result.data;
      show(result.error.issues.map((issue) => problem(String(issue.path[0] ?? ''), issue.message)));
      return null;
    },

    /**
     * Sends the form. A refusal shows its message on the fields it names (or, by code, on
     * `codeFields`'s field), else above the form; a gone session goes to sign-in and back here.
     * Resolves true when it was sent.
     */
    async send(request: () => Promise<unknown>, codeFields: CodeFields<K> = {}): Promise<boolean> {
      if (pending) return false;
      setPending(true);
      try {
        await request();
        setErrors([]);
        return true;
      } catch (error) {
        if (isSignInRequired(error)) {
          await navigate({ to: '/sign-in', search: { next: here } });
          return false;
        }
        if (!(error instanceof ApiError)) {
          show([{ field: null, message: SERVER_MESSAGE, summary: SERVER_MESSAGE }]);
          return false;
        }
        const byCode = error.code === null ? undefined : codeFields[error.code];
        if (error.fields.length > 0) {
          show(error.fields.map((field) => problem(field.path, field.message)));
        } else if (byCode !== undefined) {
          show([problem(byCode, error.message)]);
        } else {
          show([{ field: null, message: error.message, summary: error.message }]);
        }
        return false;
      } finally {
        setPending(false);
      }
    },
  };
}
