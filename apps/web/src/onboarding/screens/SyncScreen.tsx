import { button } from '@app/ui/button.css';
import { BackButton, StepActions } from '../components/StepForm.tsx';
import { text } from '../components/StepLayout.css.ts';
import { type StepFrame, StepLayout } from '../components/StepLayout.tsx';

interface SyncScreenProps {
  frame: StepFrame;
  onNext: () => void;
  onBack: () => void;
}

export function SyncScreen({ frame, onNext, onBack }: SyncScreenProps) {
  return (
    <StepLayout screen="sync" frame={frame} heading="Twice-weekly check-ins">
      <p>
        Your team meets for a synchronous check-in <strong>twice a week</strong>, for{' '}
        <strong>15-30 minutes</strong> each.
      </p>
      <p className={text}>
        If these calls stop working for you, you can bow out of them entirely later.
      </p>
      <StepActions>
        <button type="button" className={button.primary} onClick={onNext}>
          Yes, I'll join the check-ins
        </button>
        <BackButton onBack={onBack} />
      </StepActions>
    </StepLayout>
  );
}
