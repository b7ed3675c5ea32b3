import { type StepFrame, StepLayout } from '../components/StepLayout.tsx';

export function MaybeSubmittedScreen({ frame }: { frame: StepFrame }) {
  return (
    <StepLayout screen="maybe-submitted" frame={frame} heading="Thank You for Booking Your Call!">
      <p>Your info call is booked for 1pm Mountain Time. We look forward to speaking with you.</p>
    </StepLayout>
  );
}
