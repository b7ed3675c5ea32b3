import { call } from '@app/api-client/endpoints';
import {
  PUSH_API,
  type PushSettings,
  type ReminderChannel,
  ReminderChannelForm,
} from '@app/contracts';
import { button } from '@app/ui/button.css';
import { ErrorSummary } from '@app/ui/error-summary';
import * as fieldStyles from '@app/ui/field.css';
import { toast } from '@app/ui/toast-store';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useForm } from '../../components/form.ts';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { useAction } from '../../components/useAction.ts';
import { useSubmit } from '../../components/useSubmit.ts';
import * as ui from '../../styles/ui.css.ts';
import * as page from '../Page.css.ts';
import { currentSubscription, pushSupported, subscribeDevice } from './push-device.ts';
import * as styles from './RemindersPage.css.ts';

const CHANNEL_FIELDS = {
  channel: { id: 'reminder-channel', label: 'Send the reminder by' },
} as const;

const CHANNELS: readonly { value: ReminderChannel; label: string }[] = [
  { value: 'email', label: 'Email' },
  { value: 'push', label: 'Notification' },
  { value: 'both', label: 'Email and notification' },
];

/** Where this device stands: being looked at, unable, off, on, or refused by its owner. */
type DeviceState = 'checking' | 'unsupported' | 'off' | 'on' | 'denied';

const PROBLEM = 'This device could not be set up for notifications. Please try again.';

/**
 * The day's reminder as a notification: per device, turned on here (the browser asks for
 * permission) and off in one tap; and whether the reminder goes by email, notification or both.
 */
export function PushCard({ saved }: { saved: PushSettings | null }) {
  const router = useRouter();
  const [device, setDevice] = useState<DeviceState>('checking');

  useEffect(() => {
    let live = true;
    if (!pushSupported() || saved === null) {
      setDevice('unsupported');
      return;
    }
    currentSubscription()
      .then((subscription) => {
        if (live) setDevice(subscription ? 'on' : 'off');
      })
      .catch(() => {
        if (live) setDevice('off');
      });
    return () => {
      live = false;
    };
  }, [saved]);

  // Turning on and off share one state: one runs at a time, and either's problem shows.
  const work = useAction({ send: (task: () => Promise<void>) => task(), otherwise: PROBLEM });
  const busy = work.pending;
  const problem = work.error;

  const turnOn = () =>
    work.run(async () => {
      if (!saved) return;
      const outcome = await subscribeDevice(saved.publicKey);
      if (outcome.kind === 'denied') {
        setDevice('denied');
        return;
      }
      if (outcome.kind === 'no-worker') throw new Error('no service worker');
      const { endpoint, keys } = outcome.subscription;
      try {
        await call(PUSH_API.subscribe, {
          endpoint: endpoint ?? '',
          keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' },
        });
      } catch (error) {
        // The tracker would not take it: the browser does not keep a subscription nobody uses.
        await (await currentSubscription())?.unsubscribe().catch(() => false);
        throw error;
      }
      setDevice('on');
      toast({ title: 'Reminders come to this device.' });
      await router.invalidate();
    });

  const turnOff = () =>
    work.run(async () => {
      const subscription = await currentSubscription();
      if (subscription) {
        const { endpoint } = subscription;
        await subscription.unsubscribe();
        await call(PUSH_API.unsubscribe, { endpoint });
      }
      setDevice('off');
      toast({ title: 'No more reminders on this device.' });
      await router.invalidate();
    });

  return (
    <section className={ui.card} aria-labelledby="push-title">
      <h2 id="push-title" className={ui.h2}>
        Notifications
      </h2>
      <p>
        Get the day's reminder as a notification on your phone or computer, instead of the email or
        as well. Turn it on on each device you want it on.
      </p>
      {saved === null ? (
        <p>Notifications cannot be set up right now. Please try again later.</p>
      ) : device === 'unsupported' ? (
        <p>
          This browser cannot show the tracker's notifications. On an iPhone or iPad, add the
          tracker to your Home Screen first and open it from there.
        </p>
      ) : null}
      {device === 'denied' ? (
        <p role="alert">
          Notifications are blocked for the tracker on this device. Allow them in the browser's
          settings, then try again.
        </p>
      ) : null}
      {problem ? (
        <p role="alert" className={fieldStyles.error}>
          {problem}
        </p>
      ) : null}
      {device === 'on' ? (
        <div className={page.actions}>
          <p>This device gets your reminders.</p>
          <button
            type="button"
            className={button.secondary}
            onClick={turnOff}
            aria-disabled={busy || undefined}
          >
            Stop reminders on this device
          </button>
        </div>
      ) : null}
      {device === 'off' || device === 'denied' ? (
        <div className={page.actions}>
          <button
            type="button"
            className={button.primary}
            onClick={turnOn}
            aria-disabled={busy || undefined}
          >
            Send reminders to this device
          </button>
        </div>
      ) : null}
      {saved ? <ChannelForm key={saved.channel} saved={saved} /> : null}
    </section>
  );
}

/** Email, notification or both; with no device turned on, the reminder still comes by email. */
function ChannelForm({ saved }: { saved: PushSettings }) {
  const form = useForm(CHANNEL_FIELDS);
  const [channel, setChannel] = useState<ReminderChannel>(saved.channel);
  const onSubmit = useSubmit(form, {
    schema: ReminderChannelForm,
    values: { channel },
    send: (values) => call(PUSH_API.setChannel, values),
    toast: { title: 'Saved how we remind you.' },
    reload: true,
  });
  const devices =
    saved.devices === 1
      ? 'One device gets notifications.'
      : `${saved.devices} devices get notifications.`;
  return (
    <form className={page.form} noValidate onSubmit={onSubmit} aria-labelledby="push-title">
      <ErrorSummary errors={form.errors} attempt={form.attempt} />
      <fieldset id={CHANNEL_FIELDS.channel.id} className={styles.days}>
        <legend className={fieldStyles.label}>{CHANNEL_FIELDS.channel.label}</legend>
        <p id="reminder-channel-hint" className={fieldStyles.hint}>
          {saved.devices === 0 ? 'No device gets notifications yet' : devices}
          {saved.devices === 0 ? ': until one does, the reminder comes by email.' : ''}
        </p>
        {CHANNELS.map((option) => (
          <div key={option.value} className={styles.check}>
            <input
              id={`reminder-channel-${option.value}`}
              type="radio"
              name="reminder-channel"
              value={option.value}
              checked={channel === option.value}
              onChange={() => setChannel(option.value)}
              disabled={form.pending}
              aria-describedby="reminder-channel-hint"
            />
            <label htmlFor={`reminder-channel-${option.value}`}>{option.label}</label>
          </div>
        ))}
      </fieldset>
      <div className={page.actions}>
        <SubmitButton pending={form.pending}>Save how we remind you</SubmitButton>
      </div>
    </form>
  );
}
