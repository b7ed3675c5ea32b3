import { MESSAGES, TEXT_LIMITS } from '@app/contracts';
import type { FormErrors } from '@app/onboarding/flow';
import { button } from '@app/ui/button.css';
import { ErrorSummary, type FieldError } from '@app/ui/error-summary';
import { Field } from '@app/ui/field';
import { useFormErrors } from '@app/ui/form-errors';
import {
  type ComponentProps,
  createContext,
  type FormEvent,
  type MouseEvent,
  type ReactNode,
  useContext,
} from 'react';
import * as styles from './StepForm.css.ts';

export type FieldKey = Exclude<keyof FormErrors, 'form'>;
/** The fields typed as text (the photo is chosen, the held seat is the notice's). */
type TextFieldKey = Exclude<FieldKey, 'photo' | 'hold'>;

/** The form's fields in screen order: which machine error belongs to which input id. */
export type FieldIds = Partial<Record<FieldKey, string>>;

export interface StepFormState {
  /** Counts submissions, so a repeated failure takes focus again. */
  attempt: number;
  /** The error summary's entries, in field order, once the form has been submitted. */
  summary: FieldError[];
  /** The inline message of one field, once the form has been submitted. */
  errorOf: (key: FieldKey) => string | undefined;
  /** The input id of one field. */
  idOf: (key: FieldKey) => string;
  /** Call on each submission, before sending the machine its event. */
  submitted: () => void;
}

/**
 * The machine decides what is wrong (its `errors`); the form decides when to say so: only after
 * the visitor submitted, so a half-filled form is never shouted at. Both are the web apps' one
 * form primitive (`useFormErrors` in `@app/ui`), given the machine's errors as they live.
 */
export function useStepForm(errors: FormErrors, fields: FieldIds): StepFormState {
  const entries = Object.entries(fields) as [FieldKey, string][];
  const live: FieldError[] = entries.flatMap(([key, id]) => {
    const message = errors[key];
    return message ? [{ field: id, message }] : [];
  });
  if (errors.form) live.push({ field: null, message: errors.form });
  const shown = useFormErrors(
    entries.map(([, id]) => ({ id })),
    live,
  );
  const idOf = (key: FieldKey) => fields[key] ?? key;
  return {
    attempt: shown.attempt,
    summary: [...shown.errors],
    // A key the form does not list (the photo's, told in a toast) is still the machine's to say.
    errorOf: (key) =>
      fields[key] !== undefined
        ? shown.errorOf(idOf(key))
        : shown.attempt > 0
          ? errors[key]
          : undefined,
    idOf,
    submitted: shown.submitted,
  };
}

const NO_ERRORS: StepFormState = {
  attempt: 0,
  summary: [],
  errorOf: () => undefined,
  idOf: (key) => key,
  submitted: () => {},
};

/** What a field inside a step form reads from it: its errors and whether a call is in flight. */
const StepFormContext = createContext<{ form: StepFormState; pending: boolean }>({
  form: NO_ERRORS,
  pending: false,
});

interface StepFormProps {
  /** The form's errors from `useStepForm`; a form whose fields the machine does not check has none. */
  form?: StepFormState;
  /** Called with the form as the visitor sees it as it is sent (its fields' `FormData`). */
  onSubmit: (shown: FormData) => void;
  submitLabel: string;
  /** While a call is in flight: the buttons stay focusable (focus is never dropped) but inert. */
  pending?: boolean;
  pendingLabel?: string;
  /**
   * False while there is nothing to submit yet: the maybe step before its date is known, intro and
   * goal while their field is blank (spec 5). The button stays focusable, marked aria-disabled.
   */
  ready?: boolean;
  /** The id of the text that says what enables the button, read with it while it is not ready. */
  readyHintId?: string;
  /** A further button after the submit button (Skip for now, Return to Homepage). */
  extraAction?: { label: string; onClick: () => void };
  onBack?: () => void;
  /** Go back is a link to this address rather than a button (the role step's, to /: spec 2). */
  backHref?: string;
  /**
   * The address the form is sent to by the browser itself when the page's code has not run yet
   * (a GET with the answer in its query, handed to the flow once the code has: the role step's own
   * address). Without it a submission before then is held by the boot script, which says the page
   * is getting ready and submits the form again once the code has taken over (@app/ui's
   * early-taps.js).
   */
  nativeAction?: string;
  children: ReactNode;
}

/**
 * The one way a step asks for input: the error summary first (focused after a submission with
 * errors, linking to each field), the fields, then the submit button and Go back. Where spec 5
 * says the button is enabled only once a field is filled (intro, goal), it is `aria-disabled`
 * rather than `disabled`, so it stays focusable and says why; other forms learn what is missing
 * by submitting.
 */
export function StepForm({
  form = NO_ERRORS,
  onSubmit,
  submitLabel,
  pending = false,
  pendingLabel = 'Submitting...',
  ready = true,
  readyHintId,
  extraAction,
  onBack,
  backHref,
  nativeAction,
  children,
}: StepFormProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending || !ready) return;
    form.submitted();
    onSubmit(new FormData(event.currentTarget));
  };
  return (
    <form
      className={styles.form}
      onSubmit={submit}
      noValidate
      {...(nativeAction === undefined ? {} : { method: 'get', action: nativeAction })}
    >
      <ErrorSummary errors={form.summary} attempt={form.attempt} />
      <StepFormContext.Provider value={{ form, pending }}>{children}</StepFormContext.Provider>
      <StepActions>
        <button
          type="submit"
          className={button.primary}
          aria-disabled={pending || !ready ? true : undefined}
          aria-describedby={!ready ? readyHintId : undefined}
        >
          {pending ? pendingLabel : submitLabel}
        </button>
        {extraAction ? (
          <InertButton className={button.secondary} onClick={extraAction.onClick} pending={pending}>
            {extraAction.label}
          </InertButton>
        ) : null}
        {onBack && backHref !== undefined ? (
          <BackLink href={backHref} onBack={onBack} pending={pending} />
        ) : onBack ? (
          <BackButton onBack={onBack} pending={pending} />
        ) : null}
      </StepActions>
    </form>
  );
}

export function StepActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}

/** A button that stays focusable while a call is in flight, but does nothing then. */
export function InertButton({
  className,
  onClick,
  pending,
  children,
}: {
  className: string;
  onClick: () => void;
  pending: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={className}
      aria-disabled={pending ? true : undefined}
      onClick={pending ? undefined : onClick}
    >
      {children}
    </button>
  );
}

export function BackButton({ onBack, pending = false }: { onBack: () => void; pending?: boolean }) {
  return (
    <InertButton className={styles.backButton} onClick={onBack} pending={pending}>
      Go back
    </InertButton>
  );
}

/**
 * Go back as a link: a plain click goes back through the flow (which gives the held seat back and
 * then shows the address); a click that opens a new tab or window is the browser's own.
 */
function BackLink({
  href,
  onBack,
  pending,
}: {
  href: string;
  onBack: () => void;
  pending: boolean;
}) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    if (!pending) onBack();
  };
  return (
    <a
      href={href}
      className={styles.backButton}
      aria-disabled={pending ? true : undefined}
      onClick={follow}
    >
      Go back
    </a>
  );
}

/**
 * What each kind of answer is, in one place: its label, input type, autocomplete token and the
 * contracts' length limit. A step can give a field its own label.
 */
const FIELD_KINDS: Record<
  TextFieldKey,
  Omit<ComponentProps<typeof Field>, 'id' | 'value' | 'onChange'>
> = {
  role: { label: 'Your goal', maxLength: TEXT_LIMITS.focusArea },
  name: { label: 'Name', autoComplete: 'name', maxLength: TEXT_LIMITS.name },
  goal: { label: 'Goal', multiline: true, maxLength: TEXT_LIMITS.goal },
  email: { label: 'Email', type: 'email', autoComplete: 'email', maxLength: TEXT_LIMITS.email },
  password: {
    label: 'Password',
    type: 'password',
    autoComplete: 'new-password',
    hint: MESSAGES.passwordHint,
    maxLength: TEXT_LIMITS.password,
  },
  phone: { label: 'Phone', type: 'tel', autoComplete: 'tel', maxLength: TEXT_LIMITS.phone },
  feedback: { label: 'Feedback', multiline: true, maxLength: TEXT_LIMITS.feedback },
};

/**
 * One of the step form's fields: its id and inline error come from the form, it is read-only while
 * the form's call is in flight, and the rest from what kind of answer it asks for.
 */
export function StepField({
  name,
  value,
  onChange,
  label,
  placeholder,
  hint,
  required = true,
}: {
  name: TextFieldKey;
  value: string;
  onChange: (value: string) => void;
  label?: string;
  placeholder?: string;
  hint?: string;
  required?: boolean;
}) {
  const { form, pending } = useContext(StepFormContext);
  return (
    <Field
      {...FIELD_KINDS[name]}
      {...(label ? { label } : {})}
      {...(hint ? { hint } : {})}
      id={form.idOf(name)}
      value={value}
      onChange={onChange}
      placeholder={placeholder}
      error={form.errorOf(name)}
      required={required}
      readOnly={pending}
    />
  );
}

/** Says a call is under way, for screen readers too. */
export function PendingStatus({ children }: { children: ReactNode }) {
  return (
    <p role="status" className={styles.pending}>
      {children}
    </p>
  );
}
