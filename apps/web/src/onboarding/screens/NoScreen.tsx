import type { FormErrors } from '@app/onboarding/flow';
import { StepField, StepForm, useStepForm } from '../components/StepForm.tsx';
import { type StepFrame, StepLayout } from '../components/StepLayout.tsx';
import { useDraft } from '../drafts.ts';

interface NoScreenProps {
  frame: StepFrame;
  pending: boolean;
  errors: FormErrors;
  onSubmit: (values: { name: string; email: string; feedback: string }) => void;
}

/** Spec 2 gives this screen no Go back of its own (the machine has none); browser back works. */
export function NoScreen({ frame, pending, errors, onSubmit }: NoScreenProps) {
  const [name, setName] = useDraft('no.name');
  const [email, setEmail] = useDraft('no.email');
  const [feedback, setFeedback] = useDraft('no.feedback');
  const form = useStepForm(errors, {
    name: 'feedback-name',
    email: 'feedback-email',
    feedback: 'feedback-text',
  });
  return (
    <StepLayout
      screen="no"
      frame={frame}
      invalid={form.summary.length > 0}
      heading="Why are you not ready to join this team?"
    >
      <StepForm
        form={form}
        onSubmit={() => onSubmit({ name, email, feedback })}
        submitLabel="Submit"
        pending={pending}
      >
        <StepField name="name" value={name} onChange={setName} />
        <StepField name="email" value={email} onChange={setEmail} />
        <StepField name="feedback" value={feedback} onChange={setFeedback} />
      </StepForm>
    </StepLayout>
  );
}
