import { call } from '@app/api-client/endpoints';
import { CHECK_IN_API, DEFAULT_TIME_ZONE, TimeZoneForm as TimeZoneSchema } from '@app/contracts';
import { ErrorSummary } from '@app/ui/error-summary';
import * as fieldStyles from '@app/ui/field.css';
import { useMemo, useState } from 'react';
import { useForm } from '../../components/form.ts';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { useSubmit } from '../../components/useSubmit.ts';
import * as ui from '../../styles/ui.css.ts';
import * as page from '../Page.css.ts';
import { browserTimeZone } from './check-in-data.ts';

const FIELDS = { timeZone: { id: 'time-zone', label: 'Your time zone' } } as const;

/** Every zone the browser knows, with the member's own listed even if it does not. */
function zoneList(own: string): string[] {
  const known = Intl.supportedValuesOf('timeZone');
  return known.includes(own) ? known : [own, ...known];
}

/** The zone the member's days, check-ins and reminders follow. */
export function TimeZoneForm({ current }: { current: string | null }) {
  const form = useForm(FIELDS);
  const detected = browserTimeZone();
  const [zone, setZone] = useState(current ?? detected ?? DEFAULT_TIME_ZONE);
  const zones = useMemo(() => zoneList(zone), [zone]);
  const error = form.errorOf('timeZone');
  const onSubmit = useSubmit(form, {
    schema: TimeZoneSchema,
    values: { timeZone: zone },
    send: (values) => call(CHECK_IN_API.setTimeZone, values),
    toast: { title: 'Time zone saved.' },
    reload: true,
  });

  return (
    <section className={ui.card} aria-labelledby="time-zone-title">
      <h2 id="time-zone-title" className={ui.h2}>
        Time zone
      </h2>
      <ErrorSummary errors={form.errors} attempt={form.attempt} />
      <form className={page.form} noValidate onSubmit={onSubmit} aria-labelledby="time-zone-title">
        <div className={fieldStyles.root}>
          <label htmlFor={FIELDS.timeZone.id} className={fieldStyles.label}>
            {FIELDS.timeZone.label}
          </label>
          <p id="time-zone-hint" className={fieldStyles.hint}>
            Your days start and end in it: today&rsquo;s check-in, and yesterday&rsquo;s until noon.
            {detected && detected !== zone ? ` This device is set to ${detected}.` : ''}
          </p>
          {error ? (
            <p id="time-zone-error" className={fieldStyles.error}>
              {error}
            </p>
          ) : null}
          <select
            id={FIELDS.timeZone.id}
            className={fieldStyles.control}
            value={zone}
            onChange={(event) => setZone(event.target.value)}
            aria-describedby={`time-zone-hint${error ? ' time-zone-error' : ''}`}
            aria-invalid={error ? true : undefined}
            disabled={form.pending}
          >
            {zones.map((name) => (
              <option key={name} value={name}>
                {name.replaceAll('_', ' ')}
              </option>
            ))}
          </select>
        </div>
        <div className={page.actions}>
          <SubmitButton pending={form.pending}>Save time zone</SubmitButton>
        </div>
      </form>
    </section>
  );
}
