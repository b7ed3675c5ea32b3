import { type Category, ROLE_OPTIONS, TEXT_LIMITS } from '@app/contracts';
import { ROLE_QUESTIONS } from '@app/onboarding/choices';
import type { FormErrors } from '@app/onboarding/flow';
import { fillRoute, STEP_ROUTES } from '@app/onboarding/steps';
import { Field } from '@app/ui/field';
import { useEffect, useRef, useState } from 'react';
import { takeCarriedChoice, takeCarriedSubmit } from '../../boot/handover.ts';
import { PendingStatus, StepForm, useStepForm } from '../components/StepForm.tsx';
import { type StepFrame, StepLayout } from '../components/StepLayout.tsx';
import { useDraft } from '../drafts.ts';
import * as styles from './RoleScreen.css.ts';

export { ROLE_QUESTIONS };

interface RoleScreenProps {
  frame: StepFrame;
  category: Category;
  pending: boolean;
  /** The machine's messages; `role` when it refused the answer. */
  errors: FormErrors;
  initial?: string;
  onSubmit: (choice: string) => void;
  onBack: () => void;
}

export function RoleScreen({
  frame,
  category,
  pending,
  errors,
  initial,
  onSubmit,
  onBack,
}: RoleScreenProps) {
  const options: readonly string[] = ROLE_OPTIONS[category];
  const [choice, setChoice] = useState(initial ?? '');
  // A person on a slow connection may tick an option in the prerendered page before its code has
  // run; once it has, that tick is the choice (React's first render did not know of it).
  const fieldset = useRef<HTMLFieldSetElement>(null);
  // The same holds for a tick on the step drawn from its URL, which the flow's screen replaced.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the screen mounts
  useEffect(() => {
    const carried = takeCarriedChoice();
    const ticked =
      fieldset.current?.querySelector<HTMLInputElement>('input:checked')?.value ?? carried;
    if (ticked && options.includes(ticked)) setChoice((current) => current || ticked);
    // An answer submitted there is the flow's now: what it finds wrong is shown as after a submit.
    if (takeCarriedSubmit()) form.submitted();
  }, []);
  const [goal, setGoal] = useDraft('role.goal', initial ?? '');
  const freeText = options.length === 0;
  const form = useStepForm(errors, { role: freeText ? 'role-goal' : 'role-option-0' });
  const error = form.errorOf('role');

  return (
    <StepLayout
      screen={`role-${category}`}
      frame={frame}
      invalid={form.summary.length > 0}
      heading={ROLE_QUESTIONS[category]}
    >
      <StepForm
        form={form}
        onSubmit={(shown) => {
          // The answer the page shows is the one sent. A Continue pressed while React is taking
          // the prerendered page over makes it finish at once and runs this with its first
          // render's state, before the screen has read a tick (or text) given earlier in the
          // page's HTML (the effect above): the visitor would be told to choose what they see
          // chosen.
          const field = shown.get(freeText ? 'role-goal' : 'role');
          onSubmit(typeof field === 'string' ? field : freeText ? goal : choice);
        }}
        submitLabel="Continue"
        pending={pending}
        pendingLabel="Continue"
        onBack={onBack}
        backHref="/"
        // Before the page's code runs, Continue reloads the step with the answer in its query
        // (`answerInQuery`), which the page hands to the flow once it can: no tap is lost.
        nativeAction={fillRoute(STEP_ROUTES.role, category)}
      >
        {freeText ? (
          <Field
            id="role-goal"
            label="Your goal"
            value={goal}
            onChange={setGoal}
            placeholder="Enter your specific goal"
            error={error}
            readOnly={pending}
            maxLength={TEXT_LIMITS.focusArea}
          />
        ) : (
          <fieldset
            ref={fieldset}
            className={styles.options}
            aria-describedby={error ? 'role-error' : undefined}
          >
            <legend className={styles.legend}>Choose one</legend>
            {error ? (
              <p id="role-error" className={styles.error}>
                {error}
              </p>
            ) : null}
            {options.map((option, index) => (
              <label key={option} className={styles.option}>
                <input
                  id={`role-option-${index}`}
                  type="radio"
                  name="role"
                  value={option}
                  checked={choice === option}
                  aria-invalid={error ? true : undefined}
                  onChange={() => {
                    if (!pending) setChoice(option);
                  }}
                />
                {option}
              </label>
            ))}
          </fieldset>
        )}
        {pending ? <PendingStatus>Processing your selection...</PendingStatus> : null}
      </StepForm>
    </StepLayout>
  );
}
