import { TEXT_LIMITS } from '@app/contracts';
import type { FormErrors } from '@app/onboarding';
import { Field } from '../components/Field.tsx';
import { StepForm, useStepForm } from '../components/StepForm.tsx';
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
        onSubmit={() => {
          form.submitted();
          onSubmit({ name, email, feedback });
        }}
        submitLabel="Submit"
        pending={pending}
      >
        <Field
          id="feedback-name"
          label="Name"
          autoComplete="name"
          value={name}
          onChange={setName}
          error={form.errorOf('name')}
          required
          readOnly={pending}
          maxLength={TEXT_LIMITS.name}
        />
        <Field
          id="feedback-email"
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
          error={form.errorOf('email')}
          required
          readOnly={pending}
          maxLength={TEXT_LIMITS.email}
        />
        <Field
          id="feedback-text"
          label="Feedback"
          value={feedback}
          onChange={setFeedback}
          error={form.errorOf('feedback')}
          multiline
          required
          readOnly={pending}
          maxLength={TEXT_LIMITS.feedback}
        />
      </StepForm>
    </StepLayout>
  );
}
