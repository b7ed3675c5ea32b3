import { infoCallCalendar } from '@app/contracts';
import { useMemo } from 'react';
import { button } from '../../components/ui.css.ts';
import { CallTime } from '../components/CallTime.tsx';
import { StepActions } from '../components/StepForm.tsx';
import { type StepFrame, StepLayout } from '../components/StepLayout.tsx';

interface MaybeSubmittedScreenProps {
  frame: StepFrame;
  /** ISO instant of the booked call; null when the screen is shown again after the flow ended. */
  date: string | null;
}

export function MaybeSubmittedScreen({ frame, date }: MaybeSubmittedScreenProps) {
  const calendar = useMemo(() => (date === null ? null : infoCallCalendar(date)), [date]);
  return (
    <StepLayout screen="maybe-submitted" frame={frame} heading="Thank You for Booking Your Call!">
      <p>Your info call is booked for 1pm Mountain Time. We look forward to speaking with you.</p>
      {date === null ? null : <CallTime date={date} />}
      {calendar ? (
        <StepActions>
          <a
            className={button.primary}
            href={`data:text/calendar;charset=utf-8,${encodeURIComponent(calendar)}`}
            download="info-call.ics"
          >
            Add to calendar
          </a>
        </StepActions>
      ) : null}
    </StepLayout>
  );
}
