import { TEXT_LIMITS } from '@app/contracts';
import type { FormErrors } from '@app/onboarding';
import { Field } from '../components/Field.tsx';
import { StepForm, useStepForm } from '../components/StepForm.tsx';
import { type StepFrame, StepLayout } from '../components/StepLayout.tsx';
import { useDraft } from '../drafts.ts';

interface GoalScreenProps {
  frame: StepFrame;
  initial: string;
  errors: FormErrors;
  onNext: (goal: string) => void;
  onBack: () => void;
}

export function GoalScreen({ frame, initial, errors, onNext, onBack }: GoalScreenProps) {
  const [goal, setGoal] = useDraft('goal.goal', initial);
  const form = useStepForm(errors, { goal: 'goal-text' });
  return (
    <StepLayout
      screen="goal"
      frame={frame}
      invalid={form.summary.length > 0}
      heading="Join Request Almost Sent"
    >
      <StepForm
        form={form}
        onSubmit={() => {
          form.submitted();
          onNext(goal);
        }}
        submitLabel="Next"
        onBack={onBack}
      >
        <Field
          id="goal-text"
          label="Tell your team one sentence about your goals"
          value={goal}
          onChange={setGoal}
          error={form.errorOf('goal')}
          multiline
          required
          maxLength={TEXT_LIMITS.goal}
        />
      </StepForm>
    </StepLayout>
  );
}
