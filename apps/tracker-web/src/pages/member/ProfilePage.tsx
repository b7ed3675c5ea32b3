import { call, upload } from '@app/api-client/endpoints';
import {
  AccountDeletion,
  ERROR_CODES,
  MAX_PHOTO_BYTES,
  MEMBER_API,
  MEMBER_EXPORT_API,
  MESSAGES,
  type MemberAccount,
  memberExportFileName,
  ProfileEdit,
} from '@app/contracts';
import { button } from '@app/ui/button.css';
import { ErrorSummary } from '@app/ui/error-summary';
import { Field } from '@app/ui/field';
import * as fieldStyles from '@app/ui/field.css';
import { dismissToast } from '@app/ui/toast-store';
import { getRouteApi, useNavigate, useRouter } from '@tanstack/react-router';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import * as z from 'zod/mini';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { downloadJson } from '../../components/downloadJson.ts';
import { useForm } from '../../components/form.ts';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { useAction } from '../../components/useAction.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { useSubmit } from '../../components/useSubmit.ts';
import { useSignOut } from '../../layout/SignOutButton.tsx';
import * as ui from '../../styles/ui.css.ts';
import * as page from '../Page.css.ts';
import { PasswordChangeForm } from '../PasswordChangeForm.tsx';
import { TimeZoneForm } from './TimeZoneForm.tsx';

const member = getRouteApi('/_member');

/**
 * The passkeys' card, its calls and the browser's WebAuthn library: loaded when the profile is
 * opened, never with the home. A card that cannot be loaded says so where it would be.
 */
const PasskeysCard = lazy(() =>
  import('./PasskeysCard.tsx').catch(() => ({ default: PasskeysUnavailable })),
);

export function ProfilePage() {
  usePageTitle('Profile');
  const { account } = member.useLoaderData();
  return (
    <div className={`${ui.narrow} ${ui.stack}`}>
      <h1 className={ui.h1}>Your profile</h1>
      <ProfileForm account={account} />
      <PhotoForm />
      <TimeZoneForm current={account.timeZone} />
      <PasswordForm />
      <Suspense fallback={<PasskeysUnavailable loading />}>
        <PasskeysCard />
      </Suspense>
      <SignOutEverywhere />
      <DownloadData memberId={account.id} />
      <DeleteAccount />
    </div>
  );
}

const PROFILE_FIELDS = {
  name: { id: 'profile-name', label: 'Name' },
  goalSummary: { id: 'profile-goal', label: 'Your goal' },
  aboutMe: { id: 'profile-about', label: 'About me' },
} as const;

function ProfileForm({ account }: { account: MemberAccount }) {
  const form = useForm(PROFILE_FIELDS);
  const [name, setName] = useState(account.name);
  const [goalSummary, setGoalSummary] = useState(account.goalSummary ?? '');
  const [aboutMe, setAboutMe] = useState(account.aboutMe ?? '');
  const onSubmit = useSubmit(form, {
    schema: ProfileEdit,
    values: { name, goalSummary, aboutMe },
    send: (values) => call(MEMBER_API.updateProfile, values),
    toast: { title: 'Profile saved.' },
    // The home page shows the profile too: read it again.
    reload: true,
  });

  return (
    <section className={ui.card} aria-labelledby="profile-form-title">
      <h2 id="profile-form-title" className={ui.h2}>
        Your details
      </h2>
      <ErrorSummary errors={form.errors} attempt={form.attempt} />
      <form
        className={page.form}
        noValidate
        onSubmit={onSubmit}
        aria-labelledby="profile-form-title"
      >
        <Field
          {...form.field('name')}
          autoComplete="name"
          required
          value={name}
          onChange={setName}
        />
        <Field
          {...form.field('goalSummary')}
          hint="One sentence: what you want to get done."
          required
          multiline
          value={goalSummary}
          onChange={setGoalSummary}
        />
        <Field
          {...form.field('aboutMe')}
          hint="A few words your teammates see on your card."
          multiline
          value={aboutMe}
          onChange={setAboutMe}
        />
        <div className={page.actions}>
          <SubmitButton pending={form.pending}>Save profile</SubmitButton>
        </div>
      </form>
    </section>
  );
}

const PHOTO_FIELDS = { photoFile: { id: 'profile-photo', label: 'Photo' } } as const;

/** The photo on the member's card: at most 5 MB, an image (the server checks its bytes too). */
const PhotoChoice = z.object({
  photoFile: z
    .instanceof(File, { error: 'Choose a photo to upload.' })
    .check(z.refine((file) => file.size <= MAX_PHOTO_BYTES, MESSAGES.photoTooLarge)),
});

function PhotoForm() {
  const form = useForm(PHOTO_FIELDS);
  const [file, setFile] = useState<File | null>(null);
  const onSubmit = useSubmit(form, {
    schema: PhotoChoice,
    values: { photoFile: file ?? undefined },
    send: (values) => {
      const body = new FormData();
      body.set('photoFile', values.photoFile);
      return upload(MEMBER_API.updatePhoto, body);
    },
    toast: { title: 'Photo saved.' },
    reload: true,
  });

  const error = form.errorOf('photoFile');
  return (
    <section className={ui.card} aria-labelledby="photo-form-title">
      <h2 id="photo-form-title" className={ui.h2}>
        Your photo
      </h2>
      <ErrorSummary errors={form.errors} attempt={form.attempt} />
      <form className={page.form} noValidate onSubmit={onSubmit} aria-labelledby="photo-form-title">
        <div className={fieldStyles.root}>
          <label htmlFor={PHOTO_FIELDS.photoFile.id} className={fieldStyles.label}>
            {PHOTO_FIELDS.photoFile.label}
          </label>
          <p id="profile-photo-hint" className={fieldStyles.hint}>
            JPEG, PNG, GIF or WebP, at most 5 MB. It replaces the photo you have.
          </p>
          {error ? (
            <p id="profile-photo-error" className={fieldStyles.error}>
              {error}
            </p>
          ) : null}
          <input
            id={PHOTO_FIELDS.photoFile.id}
            type="file"
            accept="image/jpeg,image/png,image/gif,image/webp"
            aria-describedby={`profile-photo-hint${error ? ' profile-photo-error' : ''}`}
            aria-invalid={error ? true : undefined}
            onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
            disabled={form.pending}
          />
        </div>
        <div className={page.actions}>
          <SubmitButton pending={form.pending}>Upload photo</SubmitButton>
        </div>
      </form>
    </section>
  );
}

function PasswordForm() {
  return (
    <section className={ui.card} aria-labelledby="password-form-title">
      <h2 id="password-form-title" className={ui.h2}>
        Change your password
      </h2>
      <PasswordChangeForm
        labelledBy="password-form-title"
        submitLabel="Change password"
        done={(clear) => clear()}
      />
    </section>
  );
}

/** The passkeys' card while its code loads, or when it could not be. */
function PasskeysUnavailable({ loading = false }: { loading?: boolean }) {
  return (
    <section className={ui.card} aria-labelledby="passkeys-title">
      <h2 id="passkeys-title" className={ui.h2}>
        Passkeys
      </h2>
      <p role={loading ? 'status' : 'alert'}>
        {loading
          ? 'Loading your passkeys…'
          : 'Your passkeys could not be loaded. Check your connection and open this page again.'}
      </p>
    </section>
  );
}

function SignOutEverywhere() {
  const { pending, signOut: onClick } = useSignOut(
    MEMBER_API.signOutEverywhere,
    'signed-out-everywhere',
  );

  return (
    <section className={ui.card} aria-labelledby="sign-out-everywhere-title">
      <h2 id="sign-out-everywhere-title" className={ui.h2}>
        Sign out everywhere
      </h2>
      <p>
        Signs you out on every phone and computer where you are signed in, this one too. Use it if
        you signed in on a device that is not yours.
      </p>
      <p>
        <button
          type="button"
          className={button.secondary}
          aria-disabled={pending || undefined}
          onClick={onClick}
        >
          Sign out everywhere
        </button>
      </p>
    </section>
  );
}

function DownloadData({ memberId }: { memberId: number }) {
  const download = useAction({
    send: () => call(MEMBER_EXPORT_API.exportData),
    failure: 'Your data could not be downloaded',
    done: (data) => downloadJson(data, memberExportFileName(memberId, new Date())),
    toast: { title: 'Your data is downloading.' },
  });

  return (
    <section className={ui.card} aria-labelledby="download-data-title">
      <h2 id="download-data-title" className={ui.h2}>
        Your data
      </h2>
      <p>
        Download everything we hold about you as one JSON file: your profile, join requests,
        check-ins and notes, cheers and replies, reminders, pauses, sessions, devices and the mails
        we sent you.
      </p>
      <p>
        <button
          type="button"
          className={button.secondary}
          aria-disabled={download.pending || undefined}
          onClick={() => void download.run()}
        >
          Download my data
        </button>
      </p>
    </section>
  );
}

const DELETE_FIELDS = { password: { id: 'delete-password', label: 'Your password' } } as const;

function DeleteAccount() {
  const navigate = useNavigate();
  const router = useRouter();
  const form = useForm(DELETE_FIELDS);
  const [password, setPassword] = useState('');
  const [confirming, setConfirming] = useState(false);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (form.pending || form.check(AccountDeletion, { password }) === null) return;
    form.clear();
    setConfirming(true);
  }

  const deletion = useAction({
    send: (values: { password: string }) => call(MEMBER_API.deleteAccount, values),
    form,
    codeFields: { [ERROR_CODES.INVALID_CREDENTIALS]: 'password' },
    done: async () => {
      router.clearCache();
      (await import('./offline.ts')).forgetOfflineData();
      dismissToast();
      await navigate({ to: '/sign-in', search: { notice: 'account-deleted' } });
    },
  });

  async function onConfirm() {
    // Closed first: closing hands focus back to where it was, which would take it from the error
    // summary of a refusal.
    setConfirming(false);
    const values = form.check(AccountDeletion, { password });
    if (values === null) return;
    await deletion.run(values);
  }

  return (
    <section className={ui.card} aria-labelledby="delete-account-title">
      <h2 id="delete-account-title" className={ui.h2}>
        Delete account
      </h2>
      <p>
        Deleting your account removes your account, your place on your team and your photo. It
        cannot be undone.
      </p>
      <ErrorSummary errors={form.errors} attempt={form.attempt} />
      <form
        className={page.form}
        noValidate
        onSubmit={onSubmit}
        aria-labelledby="delete-account-title"
      >
        <Field
          {...form.field('password')}
          type="password"
          autoComplete="current-password"
          hint="Type your password to delete your account."
          required
          value={password}
          onChange={setPassword}
        />
        <div className={page.actions}>
          <SubmitButton pending={form.pending} variant="danger">
            Delete account
          </SubmitButton>
        </div>
      </form>
      <ConfirmDialog
        open={confirming}
        title="Delete your account?"
        confirmLabel="Yes, delete my account"
        cancelLabel="No, keep my account"
        onConfirm={onConfirm}
        onCancel={() => setConfirming(false)}
      >
        <p>
          Your account, your place on your team and your photo will be removed for good. You will
          not be able to sign in again.
        </p>
      </ConfirmDialog>
    </section>
  );
}
