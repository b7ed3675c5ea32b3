import type { FormErrors } from '@app/onboarding/flow';
import { CallTime } from '../components/CallTime.tsx';
import { StepField, StepForm, useStepForm } from '../components/StepForm.tsx';
import { type StepFrame, StepLayout } from '../components/StepLayout.tsx';
import { useDraft } from '../drafts.ts';

interface MaybeScreenProps {
  frame: StepFrame;
  /** ISO instant of the next call; null while it is being looked up. */
  date: string | null;
  pending: boolean;
  errors: FormErrors;
  onSubmit: (values: { name: string; email: string; phone: string }) => void;
  onHome: () => void;
  onBack: () => void;
}

export function MaybeScreen({
  frame,
  date,
  pending,
  errors,
  onSubmit,
  onHome,
  onBack,
}: MaybeScreenProps) {
  const [name, setName] = useDraft('maybe.name');
  const [email, setEmail] = useDraft('maybe.email');
  const [phone, setPhone] = useDraft('maybe.phone');
  const form = useStepForm(errors, {
    name: 'booking-name',
    email: 'booking-email',
    phone: 'booking-phone',
  });
  return (
    <StepLayout
      screen="maybe"
      frame={frame}
      invalid={form.summary.length > 0}
      heading="Book Your More Info Call"
    >
      <CallTime date={date} intro="The next available session is" live />
      <StepForm
        form={form}
        onSubmit={() => onSubmit({ name, email, phone })}
        submitLabel="Book This Time"
        pending={pending}
        ready={date !== null}
        extraAction={{ label: 'Return to Homepage', onClick: onHome }}
        onBack={onBack}
      >
        <StepField name="name" value={name} onChange={setName} />
        <StepField name="email" value={email} onChange={setEmail} />
        <StepField name="phone" value={phone} onChange={setPhone} />
      </StepForm>
    </StepLayout>
  );
}
