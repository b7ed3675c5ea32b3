import { button } from '@app/ui/button.css';
import * as layout from '@app/ui/layout.css';
import { toast } from '@app/ui/toast-store';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import * as ui from '../../styles/ui.css.ts';
import * as styles from './Console.css.ts';

const FILE_NAME = 'accountability-partners-recovery-codes.txt';

/** The codes as a text file: one a line, with what they are for. */
function asText(codes: readonly string[]): string {
  return [
    'Accountability Partners: recovery codes for the operators console',
    'Each code signs you in once instead of the authenticator app.',
    '',
    ...codes,
    '',
  ].join('\n');
}

/**
 * The ten recovery codes, shown once (at enrolment, and when new ones are made): copy, download
 * (.txt) and print, and a confirmation that they were saved before `next` is offered. The heading
 * takes focus when they appear, so a screen reader starts at them.
 */
export function RecoveryCodes({
  codes,
  notice,
  next,
}: {
  codes: readonly string[];
  /** What just happened, announced: 'Your authenticator app is set up.' */
  notice: string;
  /** Where to go once the codes are saved: a link or a button. */
  next: ReactNode;
}) {
  const [saved, setSaved] = useState(false);
  const confirmId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(asText(codes));
      toast({ title: 'Recovery codes copied.' });
    } catch {
      toast({ title: 'The codes could not be copied: download or print them instead.' });
    }
  }

  function download() {
    const url = URL.createObjectURL(new Blob([asText(codes)], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = FILE_NAME;
    link.click();
    URL.revokeObjectURL(url);
  }

  return (
    <div className={`${ui.narrow} ${ui.stack}`}>
      <h1 ref={heading} className={ui.h1} tabIndex={-1}>
        Your recovery codes
      </h1>
      <p role="status" className={ui.tinted.success}>
        {notice}
      </p>
      <p>
        If you lose your phone, each of these codes signs you in once instead of the app's code.
        Save them somewhere safe now: they are not shown again.
      </p>
      <ol className={styles.codes} aria-label="Recovery codes">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ol>
      <div className={styles.actions}>
        <button type="button" className={button.secondary} onClick={() => void copy()}>
          Copy the codes
        </button>
        <button type="button" className={button.secondary} onClick={download}>
          Download as a text file
        </button>
        <button type="button" className={button.secondary} onClick={() => window.print()}>
          Print
        </button>
      </div>
      <p>
        <input
          id={confirmId}
          type="checkbox"
          checked={saved}
          onChange={(event) => setSaved(event.target.checked)}
        />{' '}
        <label htmlFor={confirmId}>I have saved my recovery codes somewhere safe</label>
      </p>
      <p>
        {saved ? (
          next
        ) : (
          <span className={layout.muted}>Confirm that you saved them to go on to the console.</span>
        )}
      </p>
    </div>
  );
}
