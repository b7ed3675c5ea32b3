import { call } from '@app/api-client/endpoints';
import {
  DIGEST_RULE,
  type DigestSettings,
  DigestSettings as DigestSettingsForm,
  MEMBER_API,
  type ReminderSettings,
  ReminderSettingsForm,
  TEAM_LIFE_API,
  WEEKDAY_NAMES,
} from '@app/contracts';
import { ErrorSummary } from '@app/ui/error-summary';
import * as fieldStyles from '@app/ui/field.css';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from '../../components/form.ts';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { useSubmit } from '../../components/useSubmit.ts';
import * as ui from '../../styles/ui.css.ts';
import * as page from '../Page.css.ts';
import { PushCard } from './PushCard.tsx';
import * as styles from './RemindersPage.css.ts';

const route = getRouteApi('/_member/reminders');

const FIELDS = {
  enabled: { id: 'reminders-on', label: 'Reminder emails' },
  time: { id: 'reminder-time', label: 'Time' },
  weekdays: { id: 'reminder-days', label: 'Days' },
} as const;

const DIGEST_FIELDS = { enabled: { id: 'digest-on', label: 'Daily digest' } } as const;

/** Monday first, as the commitment's week runs. */
const DAY_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

/**
 * When the member is reminded to check in (the time of their day, the weekdays, on or off), on
 * which devices and by email or notification, and whether they get the daily digest of their
 * teammates' cheers and replies.
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
      <RemindersForm saved={saved.reminders} />
      <PushCard saved={saved.push} />
      <DigestForm saved={saved.digest} timeZone={saved.reminders.timeZone} />
    </div>
  );
}

function RemindersForm({ saved }: { saved: ReminderSettings }) {
  const form = useForm(FIELDS);
  const [enabled, setEnabled] = useState(saved.enabled);
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
        <Check
          id={FIELDS.enabled.id}
          label="Email me a reminder to check in"
          checked={enabled}
          onChange={setEnabled}
          disabled={form.pending}
        />
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

const clockTime = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** The daily digest: off until the member turns it on here. */
function DigestForm({ saved, timeZone }: { saved: DigestSettings; timeZone: string }) {
  const form = useForm(DIGEST_FIELDS);
  const [enabled, setEnabled] = useState(saved.enabled);
  const onSubmit = useSubmit(form, {
    schema: DigestSettingsForm,
    values: { enabled },
    send: (values) => call(TEAM_LIFE_API.setDigest, values),
    toast: { title: enabled ? 'The daily digest is on.' : 'The daily digest is off.' },
    reload: true,
  });
  return (
    <section className={ui.card} aria-labelledby="digest-title">
      <h2 id="digest-title" className={ui.h2}>
        Cheers and replies
      </h2>
      <p>
        Teammates' cheers and replies show on your home. If you like, we also email you one digest a
        day at {clockTime(DIGEST_RULE.minute)} on your clock ({timeZone.replaceAll('_', ' ')}), only
        on days someone cheered or replied.
      </p>
      <ErrorSummary errors={form.errors} attempt={form.attempt} />
      <form className={page.form} noValidate onSubmit={onSubmit} aria-labelledby="digest-title">
        <Check
          id={DIGEST_FIELDS.enabled.id}
          label="Email me a daily digest"
          checked={enabled}
          onChange={setEnabled}
          disabled={form.pending}
        />
        <div className={page.actions}>
          <SubmitButton pending={form.pending}>Save digest</SubmitButton>
        </div>
      </form>
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
