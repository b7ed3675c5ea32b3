import { JOIN_RESPONSE_DAYS, MESSAGES, TEXT_LIMITS } from '@app/contracts';
import { button } from '@app/ui/button.css';
import { Field } from '@app/ui/field';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { spacedList } from '../../components/ui.css.ts';
import { StepForm } from '../components/StepForm.tsx';
import { type StepFrame, StepLayout } from '../components/StepLayout.tsx';
import { typedByContent } from '../photo.ts';
import * as styles from './ConfirmScreen.css.ts';

interface ConfirmScreenProps {
  frame: StepFrame;
  teamName: string;
  /** The sample team was shown: no real team was asked, we place the prospect ourselves. */
  assignedLater: boolean;
  pending: boolean;
  photoError: string | undefined;
  onPhotoSelected: (photo: File | null) => void;
  onSubmit: (values: { aboutMe: string; photo: File | null }) => void;
  onSkip: () => void;
}

export function ConfirmScreen({
  frame,
  teamName,
  assignedLater,
  pending,
  photoError,
  onPhotoSelected,
  onSubmit,
  onSkip,
}: ConfirmScreenProps) {
  const [aboutMe, setAboutMe] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);
  // A refused photo is never shown as if it were accepted.
  const accepted = photoError === undefined ? photo : null;

  useEffect(() => {
    if (accepted === null || typeof URL.createObjectURL !== 'function') {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(accepted);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [accepted]);

  // The message sits next to the control; on a phone that can be below the fold.
  useEffect(() => {
    if (photoError !== undefined) errorRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [photoError]);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    const file = chosen === null ? null : await typedByContent(chosen);
    setPhoto(file);
    onPhotoSelected(file);
  };

  return (
    <StepLayout
      screen="confirm"
      frame={frame}
      invalid={photoError !== undefined}
      heading={assignedLater ? 'Join Request Sent!' : `Join Request Sent to Team ${teamName}!`}
    >
      <ol className={spacedList}>
        <li>Click the link in the confirmation email we just sent you.</li>
        <li>
          {assignedLater
            ? MESSAGES.teamAssignedLater(JOIN_RESPONSE_DAYS)
            : 'Watch for an approval email from your team over the next few days.'}
        </li>
        <li>
          Our emails come from our sister site, the accountability tracker, so look for its name in
          your inbox.
        </li>
      </ol>
      <StepForm
        onSubmit={() => onSubmit({ aboutMe, photo })}
        submitLabel="Complete Profile"
        pending={pending}
        extraAction={{ label: 'Skip for now', onClick: onSkip }}
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
            onChange={(event) => void choose(event)}
            disabled={pending}
            aria-invalid={photoError ? true : undefined}
            aria-describedby={photoError ? 'profile-photo-error' : undefined}
          />
          <label className={button.secondary} htmlFor="profile-photo">
            {accepted ? 'Change photo' : 'Upload photo'}
          </label>
        </div>
        {photoError ? (
          <p ref={errorRef} id="profile-photo-error" className={styles.photoError} role="alert">
            {photoError}
          </p>
        ) : null}
        <Field
          id="profile-about"
          label="About me"
          value={aboutMe}
          onChange={setAboutMe}
          multiline
          maxLength={TEXT_LIMITS.aboutMe}
          readOnly={pending}
        />
      </StepForm>
    </StepLayout>
  );
}
