import { call } from '@app/api-client/endpoints';
import {
  MAIL_API,
  MAIL_KIND_TEXTS,
  MAIL_KINDS,
  MAIL_TEXTS,
  type MailKind,
  type MailSettings,
  MEMBER_API,
  type ReminderSettings,
  ReminderSettingsForm,
  WEEKDAY_NAMES,
} from '@app/contracts';
import { ErrorSummary } from '@app/ui/error-summary';
import * as fieldStyles from '@app/ui/field.css';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from '../../components/form.ts';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { useAction } from '../../components/useAction.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { useSubmit } from '../../components/useSubmit.ts';
import * as ui from '../../styles/ui.css.ts';
import * as page from '../Page.css.ts';
import { PushCard } from './PushCard.tsx';
import * as styles from './RemindersPage.css.ts';

const route = getRouteApi('/_member/reminders');

const FIELDS = {
  enabled: { id: 'mail-reminders', label: 'Reminders to check in' },
  time: { id: 'reminder-time', label: 'Time' },
  weekdays: { id: 'reminder-days', label: 'Days' },
} as const;

/** Each kind's switch: its box, and the hint it is described by. */
const mailId = (kind: MailKind) => `mail-${kind}`;

/** Monday first, as the commitment's week runs. */
const DAY_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

/**
 * Which kinds of mail the member gets (reminders, the weekly recap, the daily digest, nudges),
 * each turned on or off with one press (a kind stopped from a mail's unsubscribe link is turned
 * on again here), when they are reminded to check in (the time of their day, the weekdays), and
 * on which devices and by email or notification.
 */
export function RemindersPage() {
  usePageTitle('Reminders');
  const saved = route.useLoaderData();
  return (
    <div className={`${ui.narrow} ${ui.stack}`}>
      <h1 className={ui.h1}>Reminders</h1>
      <p className={ui.lead}>
        On the days you choose, we remind you at your time if you have not checked in yet that day.
      </p>
      <MailSwitches saved={saved.mails} />
      <RemindersForm saved={saved.reminders} />
      <PushCard saved={saved.push} />
    </div>
  );
}

function RemindersForm({ saved }: { saved: ReminderSettings }) {
  const form = useForm(FIELDS);
  // Whether reminders come at all is their switch above; this form says when.
  const enabled = saved.enabled;
  const [time, setTime] = useState(saved.time);
  const [days, setDays] = useState<readonly number[]>(saved.weekdays);
  const timeError = form.errorOf('time');
  const daysError = form.errorOf('weekdays');
  const onSubmit = useSubmit(form, {
    schema: ReminderSettingsForm,
    values: { enabled, time, weekdays: [...days] },
    send: (values) => call(MEMBER_API.setReminders, values),
    toast: { title: enabled ? 'Reminders saved.' : 'Reminders are off.' },
    reload: true,
  });

  function toggle(day: number, on: boolean) {
    setDays((current) => (on ? [...current, day] : current.filter((d) => d !== day)));
  }

  return (
    <section className={ui.card} aria-labelledby="reminders-title">
      <h2 id="reminders-title" className={ui.h2}>
        When to remind you
      </h2>
      <ErrorSummary errors={form.errors} attempt={form.attempt} />
      <form className={page.form} noValidate onSubmit={onSubmit} aria-labelledby="reminders-title">
        {enabled ? null : <p>Reminders are off: turn them on above to get them.</p>}
        <div className={fieldStyles.root}>
          <label htmlFor={FIELDS.time.id} className={fieldStyles.label}>
            {FIELDS.time.label}
          </label>
          <p id="reminder-time-hint" className={fieldStyles.hint}>
            On your clock ({saved.timeZone.replaceAll('_', ' ')}); change your time zone on your
            profile.
          </p>
          {timeError ? (
            <p id="reminder-time-error" className={fieldStyles.error}>
              {timeError}
            </p>
          ) : null}
          <input
            id={FIELDS.time.id}
            type="time"
            className={`${fieldStyles.control} ${styles.time}`}
            value={time}
            onChange={(event) => setTime(event.target.value)}
            aria-describedby={`reminder-time-hint${timeError ? ' reminder-time-error' : ''}`}
            aria-invalid={timeError ? true : undefined}
            readOnly={form.pending}
            required
          />
        </div>
        <fieldset
          id={FIELDS.weekdays.id}
          className={styles.days}
          aria-describedby={daysError ? 'reminder-days-error' : undefined}
        >
          <legend className={fieldStyles.label}>{FIELDS.weekdays.label}</legend>
          {daysError ? (
            <p id="reminder-days-error" className={fieldStyles.error}>
              {daysError}
            </p>
          ) : null}
          <ul className={styles.dayList}>
            {DAY_ORDER.map((day) => (
              <Check
                key={day}
                as="li"
                id={`reminder-day-${day}`}
                label={WEEKDAY_NAMES[day]}
                checked={days.includes(day)}
                onChange={(on) => toggle(day, on)}
                disabled={form.pending}
              />
            ))}
          </ul>
        </fieldset>
        <div className={page.actions}>
          <SubmitButton pending={form.pending}>Save reminders</SubmitButton>
        </div>
      </form>
    </section>
  );
}

/**
 * One switch per kind of mail: a press turns it on or off at once (a toast says so, and focus
 * stays on the box). A refusal shows in the card and leaves the box as the tracker holds it.
 */
function MailSwitches({ saved }: { saved: MailSettings }) {
  const action = useAction({
    send: (kind: MailKind, enabled: boolean) => call(MAIL_API.setMail, { kind, enabled }),
    toast: (_answer, kind, enabled) => ({ title: MAIL_TEXTS.switched(kind, enabled) }),
    reload: true,
    focus: (_answer, kind) => mailId(kind),
  });
  // While a press is on its way its box shows what was asked; then what the tracker holds.
  const checked = (kind: MailKind) =>
    action.running?.[0] === kind ? action.running[1] : saved[kind];
  const problem = action.error;
  return (
    <section className={ui.card} aria-labelledby="mails-title">
      <h2 id="mails-title" className={ui.h2}>
        Emails
      </h2>
      <p>Turn each kind of email on or off. Every email also has a link that stops its kind.</p>
      {problem ? (
        <p role="alert" className={ui.tinted.danger}>
          {problem}
        </p>
      ) : null}
      <ul className={styles.mailList} aria-busy={action.pending || undefined}>
        {MAIL_KINDS.map((kind) => (
          <li key={kind} className={styles.mail}>
            <div className={styles.check}>
              <input
                id={mailId(kind)}
                type="checkbox"
                checked={checked(kind)}
                aria-describedby={`${mailId(kind)}-hint`}
                onChange={(event) => {
                  if (action.pending) return;
                  void action.run(kind, event.target.checked);
                }}
              />
              <label htmlFor={mailId(kind)}>{MAIL_KIND_TEXTS[kind].label}</label>
            </div>
            <p id={`${mailId(kind)}-hint`} className={fieldStyles.hint}>
              {MAIL_KIND_TEXTS[kind].hint}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A checkbox with its label beside it, as this page's settings use them. */
function Check({
  as: Wrapper = 'div',
  id,
  label,
  checked,
  onChange,
  disabled,
}: {
  as?: 'div' | 'li';
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled: boolean;
}) {
  return (
    <Wrapper className={styles.check}>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        disabled={disabled}
      />
      <label htmlFor={id}>{label}</label>
    </Wrapper>
  );
}
