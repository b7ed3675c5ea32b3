import { JOIN_RESPONSE_DAYS, MESSAGES } from '@app/contracts';
import type { FormErrors } from '@app/onboarding';
import { type ChangeEvent, type FormEvent, useEffect, useState } from 'react';
import { button } from '../../components/ui.css.ts';
import { describeCallTime, visitorTimeZone } from '../callTime.ts';
import { ErrorSummary, type FieldError } from '../components/ErrorSummary.tsx';
import { Field } from '../components/Field.tsx';
import { type Progress, StepLayout } from '../components/StepLayout.tsx';
import * as styles from '../Onboarding.css.ts';

/** Field messages of the machine, in the order of the form's fields, for the error summary. */
/** Messages that do not say which field they are about (spec 5 allows them for forms). */
const GENERIC_MESSAGES: ReadonlySet<string> = new Set([MESSAGES.required, MESSAGES.invalidInput]);

/**
 * The error summary's entries, in field order. A generic message is prefixed with its field's
 * label there ("Email: Required"), so a list of three 'Required' still says which is which; the
 * message beside the field stays as the spec words it.
 */
function summary(
  errors: FormErrors,
  fields: Partial<Record<keyof FormErrors, { id: string; label: string }>>,
): FieldError[] {
  const list: FieldError[] = [];
  for (const [key, field] of Object.entries(fields)) {
    const message = errors[key as keyof FormErrors];
    if (!message || !field) continue;
    list.push({
      field: field.id,
      message: GENERIC_MESSAGES.has(message) ? `${field.label}: ${message}` : message,
    });
  }
  return list;
}

interface AccountScreenProps {
  progress: Progress | null;
  teamName: string;
  pending: boolean;
  errors: FormErrors;
  onSubmit: (values: { email: string; password: string }) => void;
  onBack: () => void;
}

export function AccountScreen({
  progress,
  teamName,
  pending,
  errors,
  onSubmit,
  onBack,
}: AccountScreenProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [attempt, setAttempt] = useState(0);
  const fieldErrors =
    attempt > 0
      ? summary(errors, {
          email: { id: 'account-email', label: 'Email' },
          password: { id: 'account-password', label: 'Password' },
        })
      : [];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempt((count) => count + 1);
    onSubmit({ email, password });
  };
  return (
    <StepLayout
      screen="account"
      title="Create your account"
      heading="Last step: create your account"
      progress={progress}
    >
      <form className={styles.form} onSubmit={submit} noValidate>
        <ErrorSummary errors={fieldErrors} attempt={attempt} />
        {errors.form ? (
          <p className={styles.inlineError} role="alert">
            {errors.form}
          </p>
        ) : null}
        <Field
          id="account-email"
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
          error={attempt > 0 ? errors.email : undefined}
          required
          disabled={pending}
        />
        <Field
          id="account-password"
          label="Password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          hint={MESSAGES.passwordHint}
          error={attempt > 0 ? errors.password : undefined}
          required
          disabled={pending}
          maxLength={1024}
        />
        <div className={styles.actions}>
          <button type="submit" className={button.primary} disabled={pending}>
            {pending ? 'Submitting...' : `Submit join request to Team ${teamName}`}
          </button>
          <button type="button" className={styles.linkButton} onClick={onBack} disabled={pending}>
            Go back
          </button>
        </div>
      </form>
    </StepLayout>
  );
}

interface ConfirmScreenProps {
  progress: Progress | null;
  teamName: string;
  pending: boolean;
  photoError: string | undefined;
  onPhotoSelected: (photo: File | null) => void;
  onSubmit: (values: { aboutMe: string; photo: File | null }) => void;
  onSkip: () => void;
}

export function ConfirmScreen({
  progress,
  teamName,
  pending,
  photoError,
  onPhotoSelected,
  onSubmit,
  onSkip,
}: ConfirmScreenProps) {
  const [aboutMe, setAboutMe] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (photo === null || typeof URL.createObjectURL !== 'function') {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    setPhoto(file);
    onPhotoSelected(file);
  };

  return (
    <StepLayout
      screen="confirm"
      title="Join request sent"
      heading={`Join Request Sent to Team ${teamName}!`}
      progress={progress}
    >
      <ol className={styles.list}>
        <li>Click the link in the confirmation email we just sent you.</li>
        <li>Watch for an approval email from your team over the next few days.</li>
        <li>
          Our emails come from our sister site, the accountability tracker, so look for its name in
          your inbox.
        </li>
      </ol>
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit({ aboutMe, photo });
        }}
        noValidate
      >
        <h2 className={styles.legend}>Complete your profile</h2>
        <div className={styles.photoRow}>
          {preview ? (
            <img
              className={styles.photoPreview}
              src={preview}
              alt="You, as your team will see you"
              width={96}
              height={96}
            />
          ) : (
            <span className={styles.photoPreview} aria-hidden="true" />
          )}
          {/* The input comes first so that its keyboard focus can be drawn on the label. */}
          <input
            id="profile-photo"
            className={styles.fileInput}
            type="file"
            accept="image/*"
            onChange={choose}
            disabled={pending}
            aria-invalid={photoError ? true : undefined}
            aria-describedby={photoError ? 'profile-photo-error' : undefined}
          />
          <label className={button.secondary} htmlFor="profile-photo">
            {photo ? 'Change photo' : 'Upload photo'}
          </label>
        </div>
        {photoError ? (
          <p id="profile-photo-error" className={styles.inlineError} role="alert">
            {photoError}
          </p>
        ) : null}
        <Field
          id="profile-about"
          label="About me"
          value={aboutMe}
          onChange={setAboutMe}
          multiline
          maxLength={2000}
          disabled={pending}
        />
        <div className={styles.actions}>
          <button type="submit" className={button.primary} disabled={pending}>
            {pending ? 'Submitting...' : 'Complete Profile'}
          </button>
          <button type="button" className={button.secondary} onClick={onSkip} disabled={pending}>
            Skip for now
          </button>
        </div>
      </form>
    </StepLayout>
  );
}

interface MaybeScreenProps {
  /** ISO instant of the next call; null while it is being looked up. */
  date: string | null;
  pending: boolean;
  errors: FormErrors;
  onSubmit: (values: { name: string; email: string; phone: string }) => void;
  onHome: () => void;
  onBack: () => void;
}

export function MaybeScreen({ date, pending, errors, onSubmit, onHome, onBack }: MaybeScreenProps) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [attempt, setAttempt] = useState(0);
  const shown = attempt > 0 ? errors : {};
  const fieldErrors = summary(shown, {
    name: { id: 'booking-name', label: 'Name' },
    email: { id: 'booking-email', label: 'Email' },
    phone: { id: 'booking-phone', label: 'Phone' },
  });
  const time = date === null ? null : describeCallTime(date, visitorTimeZone());
  return (
    <StepLayout screen="maybe" title="Book an info call" heading="Book Your More Info Call">
      <div className={styles.callTime} role="status">
        {date === null ? (
          <p>Finding the next available session...</p>
        ) : (
          <>
            <p>The next available session is</p>
            <p className={styles.callTimeMain}>{time?.mountain ?? date}</p>
            {time?.local ? (
              <p className={styles.text}>That is {time.local} where you are.</p>
            ) : null}
          </>
        )}
      </div>
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          setAttempt((count) => count + 1);
          onSubmit({ name, email, phone });
        }}
        noValidate
      >
        <ErrorSummary errors={fieldErrors} attempt={attempt} />
        {shown.form ? (
          <p className={styles.inlineError} role="alert">
            {shown.form}
          </p>
        ) : null}
        <Field
          id="booking-name"
          label="Name"
          autoComplete="name"
          value={name}
          onChange={setName}
          error={shown.name}
          required
          disabled={pending}
          maxLength={200}
        />
        <Field
          id="booking-email"
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
          error={shown.email}
          required
          disabled={pending}
        />
        <Field
          id="booking-phone"
          label="Phone"
          type="tel"
          autoComplete="tel"
          value={phone}
          onChange={setPhone}
          error={shown.phone}
          required
          disabled={pending}
          maxLength={40}
        />
        <div className={styles.actions}>
          <button type="submit" className={button.primary} disabled={pending || date === null}>
            {pending ? 'Submitting...' : 'Book This Time'}
          </button>
          <button type="button" className={button.secondary} onClick={onHome} disabled={pending}>
            Return to Homepage
          </button>
          <button type="button" className={styles.linkButton} onClick={onBack} disabled={pending}>
            Go back
          </button>
        </div>
      </form>
    </StepLayout>
  );
}

interface NoScreenProps {
  pending: boolean;
  errors: FormErrors;
  onSubmit: (values: { name: string; email: string; feedback: string }) => void;
}

/** Spec 2 gives this screen no Go back of its own (the machine has none); browser back works. */
export function NoScreen({ pending, errors, onSubmit }: NoScreenProps) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [feedback, setFeedback] = useState('');
  const [attempt, setAttempt] = useState(0);
  const shown = attempt > 0 ? errors : {};
  const fieldErrors = summary(shown, {
    name: { id: 'feedback-name', label: 'Name' },
    email: { id: 'feedback-email', label: 'Email' },
    feedback: { id: 'feedback-text', label: 'Feedback' },
  });
  return (
    <StepLayout screen="no" title="Tell us why" heading="Why are you not ready to join this team?">
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          setAttempt((count) => count + 1);
          onSubmit({ name, email, feedback });
        }}
        noValidate
      >
        <ErrorSummary errors={fieldErrors} attempt={attempt} />
        <Field
          id="feedback-name"
          label="Name"
          autoComplete="name"
          value={name}
          onChange={setName}
          error={shown.name}
          required
          disabled={pending}
          maxLength={200}
        />
        <Field
          id="feedback-email"
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
          error={shown.email}
          required
          disabled={pending}
        />
        <Field
          id="feedback-text"
          label="Feedback"
          value={feedback}
          onChange={setFeedback}
          error={shown.feedback}
          multiline
          required
          disabled={pending}
          maxLength={5000}
        />
        <div className={styles.actions}>
          <button type="submit" className={button.primary} disabled={pending}>
            {pending ? 'Submitting...' : 'Submit'}
          </button>
        </div>
      </form>
    </StepLayout>
  );
}

export function ThankYouScreen({ profileSaved }: { profileSaved: boolean }) {
  return (
    <StepLayout screen="thank-you" title="You're all set" heading="You're All Set!">
      <ul className={styles.list}>
        <li>
          <strong>Confirm your email.</strong> Click the link in the email we sent you.
        </li>
        <li>
          <strong>Your join request is pending.</strong> The team will respond within{' '}
          {JOIN_RESPONSE_DAYS} days.
        </li>
        <li>
          <strong>Your profile.</strong>{' '}
          {profileSaved
            ? 'Your profile has been saved.'
            : 'You can update your profile after your request is approved.'}
        </li>
      </ul>
    </StepLayout>
  );
}

export function NoThankYouScreen() {
  return (
    <StepLayout
      screen="no-thank-you"
      title="Thanks for the feedback"
      heading="Thanks for the feedback"
    >
      <p>We'll be in touch soon.</p>
    </StepLayout>
  );
}

export function MaybeSubmittedScreen() {
  return (
    <StepLayout
      screen="maybe-submitted"
      title="Call booked"
      heading="Thank You for Booking Your Call!"
    >
      <p>Your info call is booked for 1pm Mountain Time. We look forward to speaking with you.</p>
    </StepLayout>
  );
}
