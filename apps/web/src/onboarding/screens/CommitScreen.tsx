import { button } from '@app/ui/button.css';
import { BackButton, StepActions } from '../components/StepForm.tsx';
import { type StepFrame, StepLayout } from '../components/StepLayout.tsx';

interface CommitScreenProps {
  frame: StepFrame;
  onNext: () => void;
  onBack: () => void;
}

export function CommitScreen({ frame, onNext, onBack }: CommitScreenProps) {
  return (
    <StepLayout screen="commit" frame={frame} heading="Can your team count on you?">
      <p>
        Accountability works when it goes both ways. You commit to follow up with your team{' '}
        <strong>5 days a week</strong>, for <strong>1-2 minutes a day</strong>, unless you are
        unavailable.
      </p>
      <StepActions>
        <button type="button" className={button.primary} onClick={onNext}>
          Yes, you can count on me
        </button>
        <BackButton onBack={onBack} />
      </StepActions>
    </StepLayout>
  );
}
