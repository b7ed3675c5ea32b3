import { MESSAGES } from '@app/contracts';
import type { FormErrors } from '@app/onboarding/flow';
import { StepField, StepForm, useStepForm } from '../components/StepForm.tsx';
import { type StepFrame, StepLayout } from '../components/StepLayout.tsx';
import { useDraft } from '../drafts.ts';

interface IntroScreenProps {
  frame: StepFrame;
  initial: string;
  teamName: string;
  errors: FormErrors;
  onNext: (name: string) => void;
  onBack: () => void;
}

export function IntroScreen({
  frame,
  initial,
  teamName,
  errors,
  onNext,
  onBack,
}: IntroScreenProps) {
  const [name, setName] = useDraft('intro.name', initial);
  const form = useStepForm(errors, { name: 'intro-name' });
  return (
    <StepLayout
      screen="intro"
      frame={frame}
      invalid={form.summary.length > 0}
      heading={`Introduce yourself to Team ${teamName}`}
    >
      <StepForm
        form={form}
        onSubmit={() => onNext(name)}
        submitLabel="Next"
        ready={name.trim() !== ''}
        readyHintId="intro-name-hint"
        onBack={onBack}
      >
        <StepField
          name="name"
          label="Your Name"
          hint={MESSAGES.nameHint}
          value={name}
          onChange={setName}
        />
      </StepForm>
    </StepLayout>
  );
}
