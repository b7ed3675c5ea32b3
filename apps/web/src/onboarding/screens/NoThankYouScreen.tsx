import { type StepFrame, StepLayout } from '../components/StepLayout.tsx';

export function NoThankYouScreen({ frame }: { frame: StepFrame }) {
  return (
    <StepLayout screen="no-thank-you" frame={frame} heading="Thanks for the feedback">
      <p>We'll be in touch soon.</p>
    </StepLayout>
  );
}
