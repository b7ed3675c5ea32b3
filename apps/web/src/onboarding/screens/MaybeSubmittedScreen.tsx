import { button } from '@app/ui/button.css';
import { useEffect, useState } from 'react';
import { CallTime } from '../components/CallTime.tsx';
import { StepActions } from '../components/StepForm.tsx';
import { type StepFrame, StepLayout } from '../components/StepLayout.tsx';

interface MaybeSubmittedScreenProps {
  frame: StepFrame;
  /** ISO instant of the booked call; null when the screen is shown again after the flow ended. */
  date: string | null;
}

export function MaybeSubmittedScreen({ frame, date }: MaybeSubmittedScreenProps) {
  const calendar = useCalendarFile(date);
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

/**
 * The booked call as an iCalendar file. The calendar library is loaded with this screen only
 * (the rest of the onboarding never needs it), so the link appears once it has arrived.
 */
function useCalendarFile(date: string | null): string | null {
  const [file, setFile] = useState<string | null>(null);
  useEffect(() => {
    setFile(null);
    if (date === null) return;
    let current = true;
    import('@app/contracts/calendar').then(
      ({ infoCallCalendar }) => {
        if (current) setFile(infoCallCalendar(date));
      },
      () => {
        // The chunk could not be loaded (offline): the call time is still shown, without the file.
      },
    );
    return () => {
      current = false;
    };
  }, [date]);
  return file;
}
