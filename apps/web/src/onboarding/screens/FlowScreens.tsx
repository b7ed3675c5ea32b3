import { CATEGORIES, type Category, ROLE_OPTIONS } from '@app/contracts';
import { type FormEvent, useState } from 'react';
import { button } from '../../components/ui.css.ts';
import { ErrorSummary, type FieldError } from '../components/ErrorSummary.tsx';
import { Field } from '../components/Field.tsx';
import { type Progress, StepLayout } from '../components/StepLayout.tsx';
import * as styles from '../Onboarding.css.ts';

export const CATEGORY_CARDS: Record<Category, { title: string; description: string }> = {
  work: { title: 'Work', description: 'Professional goals, projects and career' },
  school: { title: 'School', description: 'Academics, studying, assignments' },
  god: { title: 'God', description: 'Spiritual practices, devotions, faith-based commitments' },
  other: { title: 'Other', description: 'Personal projects, health goals, habits' },
};

export function CategoryScreen({ onChoose }: { onChoose: (category: Category) => void }) {
  return (
    <StepLayout
      screen="category"
      title="Choose an area"
      heading="In which area would you like someone asking if you did 'that thing'?"
    >
      <ul className={styles.choices} aria-label="Areas">
        {CATEGORIES.map((category) => (
          <li key={category} style={{ listStyle: 'none' }}>
            <button
              type="button"
              className={styles.option}
              style={{ width: '100%', textAlign: 'start', background: 'none', font: 'inherit' }}
              onClick={() => onChoose(category)}
            >
              <span>
                <strong>{CATEGORY_CARDS[category].title}</strong>
                <br />
                <span className={styles.text}>{CATEGORY_CARDS[category].description}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </StepLayout>
  );
}

export const ROLE_QUESTIONS: Record<Category, string> = {
  work: 'Which best describes your role at work?',
  school: 'Which best describes you as a learner?',
  god: 'Which best describes where you are in your faith?',
  other: 'What would you like to be held accountable for?',
};

interface RoleScreenProps {
  category: Category;
  progress: Progress | null;
  pending: boolean;
  /** The machine's message for the answer, when it refused it. */
  error: string | undefined;
  initial?: string;
  onSubmit: (choice: string) => void;
  onBack: () => void;
}

export function RoleScreen({
  category,
  progress,
  pending,
  error,
  initial,
  onSubmit,
  onBack,
}: RoleScreenProps) {
  const options: readonly string[] = ROLE_OPTIONS[category];
  const [value, setValue] = useState(initial ?? '');
  const [attempt, setAttempt] = useState(0);
  const freeText = options.length === 0;
  const fieldId = freeText ? 'role-goal' : 'role-option-0';
  const errors: FieldError[] = error && attempt > 0 ? [{ field: fieldId, message: error }] : [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempt((count) => count + 1);
    onSubmit(value);
  };

  return (
    <StepLayout
      screen={`role-${category}`}
      title="Your role"
      heading={ROLE_QUESTIONS[category]}
      progress={progress}
    >
      <form className={styles.form} onSubmit={submit} noValidate>
        <ErrorSummary errors={errors} attempt={attempt} />
        {freeText ? (
          <Field
            id="role-goal"
            label="Your goal"
            value={value}
            onChange={setValue}
            placeholder="Enter your specific goal"
            error={errors[0]?.message}
            disabled={pending}
            maxLength={500}
          />
        ) : (
          <fieldset
            className={styles.options}
            aria-describedby={errors[0] ? 'role-error' : undefined}
            disabled={pending}
          >
            <legend className={styles.legend}>Choose one</legend>
            {options.map((option, index) => (
              <label key={option} className={styles.option}>
                <input
                  id={`role-option-${index}`}
                  type="radio"
                  name="role"
                  value={option}
                  checked={value === option}
                  onChange={() => setValue(option)}
                />
                {option}
              </label>
            ))}
            {errors[0] ? (
              <p id="role-error" className={styles.inlineError}>
                {errors[0].message}
              </p>
            ) : null}
          </fieldset>
        )}
        {pending ? (
          <p role="status" className={styles.text}>
            Processing your selection...
          </p>
        ) : null}
        <div className={styles.actions}>
          <button type="submit" className={button.primary} disabled={pending}>
            Continue
          </button>
          <button type="button" className={styles.linkButton} onClick={onBack} disabled={pending}>
            Go back
          </button>
        </div>
      </form>
    </StepLayout>
  );
}

interface TextStepProps {
  progress: Progress | null;
  initial: string;
  teamName: string;
  onNext: (value: string) => void;
  onBack: () => void;
}

/** Intro: Next is enabled only once the name is non-blank (spec 5). */
export function IntroScreen({ progress, initial, teamName, onNext, onBack }: TextStepProps) {
  const [name, setName] = useState(initial);
  const ready = name.trim() !== '';
  return (
    <StepLayout
      screen="intro"
      title="Your name"
      heading={`Introduce yourself to Team ${teamName}`}
      progress={progress}
    >
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          if (ready) onNext(name.trim());
        }}
      >
        <Field
          id="intro-name"
          label="Your Name"
          value={name}
          onChange={setName}
          autoComplete="name"
          required
          maxLength={200}
        />
        <div className={styles.actions}>
          <button type="submit" className={button.primary} disabled={!ready}>
            Next
          </button>
          <button type="button" className={styles.linkButton} onClick={onBack}>
            Go back
          </button>
        </div>
      </form>
    </StepLayout>
  );
}

/** Goal: Next is enabled only once the goal is non-blank (spec 5). */
export function GoalScreen({ progress, initial, onNext, onBack }: Omit<TextStepProps, 'teamName'>) {
  const [goal, setGoal] = useState(initial);
  const ready = goal.trim() !== '';
  return (
    <StepLayout
      screen="goal"
      title="Your goal"
      heading="Join Request Almost Sent"
      progress={progress}
    >
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          if (ready) onNext(goal.trim());
        }}
      >
        <Field
          id="goal-text"
          label="Tell your team one sentence about your goals"
          value={goal}
          onChange={setGoal}
          multiline
          required
          maxLength={1000}
        />
        <div className={styles.actions}>
          <button type="submit" className={button.primary} disabled={!ready}>
            Next
          </button>
          <button type="button" className={styles.linkButton} onClick={onBack}>
            Go back
          </button>
        </div>
      </form>
    </StepLayout>
  );
}

interface CommitmentProps {
  progress: Progress | null;
  onNext: () => void;
  onBack: () => void;
}

export function CommitScreen({ progress, onNext, onBack }: CommitmentProps) {
  return (
    <StepLayout
      screen="commit"
      title="Daily follow-ups"
      heading="Can your team count on you?"
      progress={progress}
    >
      <p>
        Accountability works when it goes both ways. You commit to follow up with your team{' '}
        <strong>5 days a week</strong>, for <strong>1-2 minutes a day</strong>, unless you are
        unavailable.
      </p>
      <div className={styles.actions}>
        <button type="button" className={button.primary} onClick={onNext}>
          Yes, you can count on me
        </button>
        <button type="button" className={styles.linkButton} onClick={onBack}>
          Go back
        </button>
      </div>
    </StepLayout>
  );
}

export function SyncScreen({ progress, onNext, onBack }: CommitmentProps) {
  return (
    <StepLayout
      screen="sync"
      title="Check-ins"
      heading="Twice-weekly check-ins"
      progress={progress}
    >
      <p>
        Your team meets for a synchronous check-in <strong>twice a week</strong>, for{' '}
        <strong>15-30 minutes</strong> each.
      </p>
      <p className={styles.text}>
        If these calls stop working for you, you can bow out of them entirely later.
      </p>
      <div className={styles.actions}>
        <button type="button" className={button.primary} onClick={onNext}>
          Yes, I'll join the check-ins
        </button>
        <button type="button" className={styles.linkButton} onClick={onBack}>
          Go back
        </button>
      </div>
    </StepLayout>
  );
}
