import { createFileRoute } from '@tanstack/react-router';
import { RemindersPage } from '../../pages/member/RemindersPage.tsx';
import { loadReminders } from '../../pages/member/reminder-data.ts';

export const Route = createFileRoute('/_member/reminders')({
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ location }) => loadReminders(location.href),
  component: RemindersPage,
});
