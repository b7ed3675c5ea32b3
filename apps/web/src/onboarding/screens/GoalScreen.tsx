import { MESSAGES } from '@app/contracts';
import type { FormErrors } from '@app/onboarding/flow';
import { StepField, StepForm, useStepForm } from '../components/StepForm.tsx';
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
        onSubmit={() => onNext(goal)}
        submitLabel="Next"
        ready={goal.trim() !== ''}
        readyHintId="goal-text-hint"
        onBack={onBack}
      >
        <StepField
          name="goal"
          label="Tell your team one sentence about your goals"
          hint={MESSAGES.goalHint}
          value={goal}
          onChange={setGoal}
        />
      </StepForm>
    </StepLayout>
  );
}
