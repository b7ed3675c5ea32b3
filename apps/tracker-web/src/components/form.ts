import type { FieldError } from '@app/ui/error-summary';
import { type FormField, useFormErrors } from '@app/ui/form-errors';
import { useEffect, useState } from 'react';
import type * as z from 'zod/mini';
import { ApiError, SERVER_MESSAGE } from '../api/errors.ts';

/** A field of a form: its input's id (unique on the page) and its label. */
export interface FieldSpec extends FormField {
  label: string;
}

/** For a refusal with no field list: the field a code is about (a wrong current password). */
export type CodeFields<K extends string> = Partial<Record<string, K>>;

/** What `useForm` gives a form. */
export type Form<K extends string> = ReturnType<typeof useForm<K>>;

/**
 * A form's errors, its failed attempts and whether it is being sent, on the web apps' one form
 * primitive (`useFormErrors` in `@app/ui`). `K` are the keys of the body the form sends, which are
 * also the paths the server names in a validation refusal.
 */
export function useForm<K extends string>(fields: Readonly<Record<K, FieldSpec>>) {
  const shown = useFormErrors(Object.values<FieldSpec>(fields));
  const [pending, setPending] = useState(false);

  function problem(path: string, message: string): FieldError {
    const spec = (fields as Readonly<Record<string, FieldSpec | undefined>>)[path];
    return { field: spec ? spec.id : null, message };
  }
  const show = shown.report;

  /** The message under one field, if it has one. */
  const errorOf = (key: K): string | undefined => shown.errorOf(fields[key].id);

  return {
    errors: shown.errors,
    attempt: shown.attempt,
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
    fail: (message: string) => show([{ field: null, message }]),
    clear: shown.clear,

    /** The values checked against the contract's schema, or null when the errors are shown. */
    check<S extends z.ZodMiniType>(schema: S, values: unknown): z.output<S> | null {
      const result = schema.safeParse(values);
      if (result.success) return result.data;
      show(result.error.issues.map((issue) => problem(String(issue.path[0] ?? ''), issue.message)));
      return null;
    },

    /** Marks the form as being sent (its fields read-only, its button busy) or not. */
    sending: setPending,

    /**
     * Shows a refusal: its message on the fields it names (or, by code, on `codeFields`'s
     * field), else above the form; anything that is not the tracker's refusal as a plain retry.
     */
    refuse(error: unknown, codeFields: CodeFields<K> = {}) {
      if (!(error instanceof ApiError)) {
        show([{ field: null, message: SERVER_MESSAGE }]);
        return;
      }
      const byCode = error.code === undefined ? undefined : codeFields[error.code];
      if (error.fields.length > 0) {
        show(error.fields.map((field) => problem(field.path, field.message)));
      } else if (byCode !== undefined) {
        show([problem(byCode, error.message)]);
      } else {
        show([{ field: null, message: error.message }]);
      }
    },
  };
}

/**
 * What was typed into a prerendered form's field before the app's scripts took the page over
 * (the form is in the HTML from the first round trip): read once from the field itself and kept,
 * unless something was typed since.
 */
export function useTypedEarly(id: string, set: (update: (value: string) => string) => void) {
  useEffect(() => {
    const field = document.getElementById(id);
    const typed = field instanceof HTMLInputElement ? field.value : '';
    if (typed !== '') set((value) => value || typed);
  }, [id, set]);
}
