import { callAt } from '@app/api-client/endpoints';
import {
  CALL_MINUTES,
  CONSOLE_API,
  type ConsoleTeamCall,
  DEFAULT_TIME_ZONE,
  TeamCallForm,
  WEEKDAY_NAMES,
} from '@app/contracts';
import { ErrorSummary } from '@app/ui/error-summary';
import { Field } from '@app/ui/field';
import * as fieldStyles from '@app/ui/field.css';
import * as layout from '@app/ui/layout.css';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useForm } from '../../components/form.ts';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { useSubmit } from '../../components/useSubmit.ts';
import * as ui from '../../styles/ui.css.ts';
import * as page from '../Page.css.ts';
import { consoleData } from './console-api.ts';

const route = getRouteApi('/console/teams_/$teamId/call');

export function loadTeamCall(teamId: number, here: string): Promise<ConsoleTeamCall> {
  return consoleData(() => callAt(CONSOLE_API.consoleTeamCall, { params: { id: teamId } }), here);
}

const FIELDS = {
  timeZone: { id: 'call-zone', label: 'Time zone of the team' },
  slots: { id: 'call-slots', label: 'Weekly times' },
  durationMinutes: { id: 'call-length', label: 'Length in minutes' },
  meetingUrl: { id: 'call-link', label: 'Meeting link' },
} as const;

/** A team's two weekly call times (on the clocks of the team's zone), length and meeting link. */
export function TeamCallPage() {
  const { team, call } = route.useLoaderData();
  usePageTitle(`Calls of ${team.name}`);
  const form = useForm(FIELDS);
  const [timeZone, setTimeZone] = useState(call?.timeZone ?? DEFAULT_TIME_ZONE);
  const [slots, setSlots] = useState(
    call?.slots.map((slot) => ({ weekday: String(slot.weekday), time: slot.time })) ?? [
      { weekday: '2', time: '19:00' },
      { weekday: '5', time: '07:30' },
    ],
  );
  const [length, setLength] = useState(String(call?.durationMinutes ?? 30));
  const [meetingUrl, setMeetingUrl] = useState(call?.meetingUrl ?? '');
  const zones = useMemo(() => {
    const known = Intl.supportedValuesOf('timeZone');
    return known.includes(timeZone) ? known : [timeZone, ...known];
  }, [timeZone]);
  const slotsError = form.errorOf('slots');
  const onSubmit = useSubmit(form, {
    schema: TeamCallForm,
    values: { timeZone, slots, durationMinutes: length, meetingUrl },
    send: (values) => callAt(CONSOLE_API.setTeamCall, { params: { id: team.id } }, values),
    toast: { title: `Calls of ${team.name} saved.` },
    reload: true,
  });

  function setSlot(index: number, change: Partial<{ weekday: string; time: string }>) {
    setSlots((current) => current.map((slot, i) => (i === index ? { ...slot, ...change } : slot)));
  }

  return (
    <div className={`${ui.narrow} ${ui.stack}`}>
      <p>
        <Link to="/console/teams" search={{ page: undefined }}>
          All teams
        </Link>
      </p>
      <h1 className={ui.h1}>Calls of {team.name}</h1>
      <p className={ui.lead}>
        Twice a week, {CALL_MINUTES.min} to {CALL_MINUTES.max} minutes. Members see the times on
        their own clocks and can add them to their calendars.
      </p>
      <ErrorSummary errors={form.errors} attempt={form.attempt} />
      <form
        className={`${ui.card} ${page.form}`}
        noValidate
        onSubmit={onSubmit}
        aria-label="Team calls"
      >
        <div className={fieldStyles.root}>
          <label htmlFor={FIELDS.timeZone.id} className={fieldStyles.label}>
            {FIELDS.timeZone.label}
          </label>
          <select
            id={FIELDS.timeZone.id}
            className={fieldStyles.control}
            value={timeZone}
            onChange={(event) => setTimeZone(event.target.value)}
            disabled={form.pending}
          >
            {zones.map((name) => (
              <option key={name} value={name}>
                {name.replaceAll('_', ' ')}
              </option>
            ))}
          </select>
        </div>
        <fieldset id={FIELDS.slots.id} className={fieldStyles.root}>
          <legend className={fieldStyles.label}>{FIELDS.slots.label}</legend>
          {slotsError ? <p className={fieldStyles.error}>{slotsError}</p> : null}
          {slots.map((slot, index) => (
            <div key={index === 0 ? 'first' : 'second'} className={layout.wrapRow}>
              <label htmlFor={`call-day-${index}`}>
                {index === 0 ? 'First call' : 'Second call'}
              </label>
              <select
                id={`call-day-${index}`}
                className={fieldStyles.control}
                value={slot.weekday}
                onChange={(event) => setSlot(index, { weekday: event.target.value })}
                disabled={form.pending}
              >
                {WEEKDAY_NAMES.map((name, day) => (
                  <option key={name} value={String(day)}>
                    {name}
                  </option>
                ))}
              </select>
              <label htmlFor={`call-time-${index}`} className={layout.visuallyHidden}>
                {index === 0 ? 'Time of the first call' : 'Time of the second call'}
              </label>
              <input
                id={`call-time-${index}`}
                type="time"
                className={fieldStyles.control}
                value={slot.time}
                onChange={(event) => setSlot(index, { time: event.target.value })}
                readOnly={form.pending}
              />
            </div>
          ))}
        </fieldset>
        <Field
          {...form.field('durationMinutes')}
          type="number"
          min={CALL_MINUTES.min}
          max={CALL_MINUTES.max}
          value={length}
          onChange={setLength}
          required
        />
        <Field
          {...form.field('meetingUrl')}
          value={meetingUrl}
          onChange={setMeetingUrl}
          hint="The video call members join, e.g. https://meet.example.org/your-team"
          required
        />
        <div className={page.actions}>
          <SubmitButton pending={form.pending}>Save calls</SubmitButton>
        </div>
      </form>
    </div>
  );
}
