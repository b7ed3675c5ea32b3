import {
  QUIET_NOTE_MAX,
  QUIET_RULES,
  QUIET_TEXTS,
  type QuietMember,
  QuietNoteForm,
} from '@app/contracts';
import { button } from '@app/ui/button.css';
import { Field } from '@app/ui/field';
import * as layout from '@app/ui/layout.css';
import { getRouteApi } from '@tanstack/react-router';
import { type FormEvent, useId, useState } from 'react';
import { dateAndTime, dayInWords } from '../../components/dates.ts';
import { useAction } from '../../components/useAction.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import * as ui from '../../styles/ui.css.ts';
import * as styles from './Console.css.ts';
import { freeQuietSeat, PAGE_SIZE, writeQuietMember } from './console-api.ts';
import { ExportMemberButton } from './ExportMemberButton.tsx';
import { Pager } from './QueuePage.tsx';

const route = getRouteApi('/console/quiet');

const QUIET_HEADING_ID = 'quiet-members-heading';

/** The console's Quiet members page: who has gone quiet, and what an operator can do about it. */
export function QuietMembersPage() {
  usePageTitle(QUIET_TEXTS.page);
  const { members, total } = route.useLoaderData();
  const page = route.useSearch().page ?? 1;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <div className={`${layout.container} ${ui.stack}`}>
      <h1 id={QUIET_HEADING_ID} className={ui.h1} tabIndex={-1}>
        {QUIET_TEXTS.page}
      </h1>
      <p className={ui.lead}>
        Members who left {QUIET_RULES.consoleAfter} or more of their check-in days in a row
        unanswered (paused days and days off do not count), the longest quiet first. They had a "
        {QUIET_TEXTS.missYou}" email after {QUIET_RULES.missYouAfter}.
      </p>
      {total === 0 ? <p>Nobody is quiet right now.</p> : null}
      {members.length > 0 ? (
        <ol className={styles.list} aria-label={QUIET_TEXTS.page}>
          {members.map((member) => (
            <li key={member.id}>
              <Quiet member={member} />
            </li>
          ))}
        </ol>
      ) : null}
      <Pager page={page} pages={pages} to="/console/quiet" />
    </div>
  );
}

function Quiet({ member }: { member: QuietMember }) {
  const id = useId();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const writing = useAction({
    send: (message: string) => writeQuietMember(member.id, message),
    toast: ({ message }) => ({ title: message }),
    failure: 'Your note was not sent',
    done: () => setNote(''),
    reload: true,
  });
  const freeing = useAction({
    send: () => freeQuietSeat(member.id),
    toast: (freed) => ({
      title: freed.placed
        ? `${member.name}'s seat on Team ${member.team.name} went to ${freed.placed.name}, whose request now waits for approval.`
        : `${member.name}'s seat on Team ${member.team.name} is free.`,
    }),
    failure: 'The seat was not freed',
    recover: () => {
      setConfirming(false);
      return false;
    },
    reload: true,
    // The member leaves the list with their seat: the page's heading keeps the operator's place.
    focus: QUIET_HEADING_ID,
  });
  const sending = writing.pending || freeing.pending;

  function write(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    const checked = QuietNoteForm.safeParse({ message: note });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? QUIET_TEXTS.writeNote);
      return;
    }
    setError(null);
    void writing.run(checked.data.message);
  }

  function free() {
    if (sending) return;
    void freeing.run();
  }

  return (
    <article className={ui.card} aria-labelledby={`${id}-name`}>
      <h2 id={`${id}-name`} className={ui.h3}>
        {member.name} <span className={layout.muted}>(Team {member.team.name})</span>
      </h2>
      <dl className={styles.facts}>
        <dt className={styles.term}>Quiet for</dt>
        <dd className={styles.value}>
          {member.quietDays} check-in days, since {dayInWords(member.since)}
        </dd>
        <dt className={styles.term}>Last answer</dt>
        <dd className={styles.value}>
          {member.lastAnswer ? dayInWords(member.lastAnswer) : 'Never'}
        </dd>
        <dt className={styles.term}>Last contact</dt>
        <dd className={styles.value}>
          {member.lastContact ? (
            <>
              {member.lastContact.what === 'note'
                ? 'A note from us'
                : `"${QUIET_TEXTS.missYou}" email`}
              , <time dateTime={member.lastContact.at}>{dateAndTime(member.lastContact.at)}</time>
            </>
          ) : (
            'None yet'
          )}
        </dd>
        <dt className={styles.term}>Email</dt>
        <dd className={styles.value}>{member.email}</dd>
      </dl>
      <form noValidate onSubmit={write} className={ui.stack} aria-label={`Note to ${member.name}`}>
        <Field
          id={`${id}-note`}
          label={`Write to ${member.name}`}
          hint="Sent by email from Accountability Partners, with a link to their home page."
          multiline
          value={note}
          onChange={setNote}
          error={error}
          maxLength={QUIET_NOTE_MAX}
          readOnly={sending}
        />
        <div className={styles.actions}>
          <button type="submit" className={button.primary} aria-disabled={sending || undefined}>
            Send note
          </button>
        </div>
      </form>
      {confirming ? (
        <div className={ui.stack}>
          <p>
            Free {member.name}'s seat on Team {member.team.name}? They are told by email and leave
            the team; the seat goes to the oldest join request waiting for a team.
          </p>
          <div className={styles.actions}>
            <button
              type="button"
              className={button.danger}
              onClick={free}
              aria-disabled={sending || undefined}
            >
              Yes, free the seat
            </button>
            <button type="button" className={button.secondary} onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <div className={styles.actions}>
          <button type="button" className={button.secondary} onClick={() => setConfirming(true)}>
            Free the seat
          </button>
          <ExportMemberButton member={member} />
        </div>
      )}
    </article>
  );
}
