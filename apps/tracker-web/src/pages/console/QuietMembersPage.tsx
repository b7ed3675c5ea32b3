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
import { toast } from '@app/ui/toast-store';
import { getRouteApi, useRouter } from '@tanstack/react-router';
import { type FormEvent, useId, useState } from 'react';
import { messageOf } from '../../api/errors.ts';
import { dateAndTime, dayInWords } from '../../components/dates.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import * as ui from '../../styles/ui.css.ts';
import * as styles from './Console.css.ts';
import { freeQuietSeat, writeQuietMember } from './console-api.ts';

const route = getRouteApi('/console/quiet');

/** The console's Quiet members page: who has gone quiet, and what an operator can do about it. */
export function QuietMembersPage() {
  usePageTitle(QUIET_TEXTS.page);
  const { members } = route.useLoaderData();
  return (
    <div className={`${layout.container} ${ui.stack}`}>
      <h1 className={ui.h1}>{QUIET_TEXTS.page}</h1>
      <p className={ui.lead}>
        Members who left {QUIET_RULES.consoleAfter} or more of their check-in days in a row
        unanswered (paused days and days off do not count), the longest quiet first. They had a "
        {QUIET_TEXTS.missYou}" email after {QUIET_RULES.missYouAfter}.
      </p>
      {members.length === 0 ? <p>Nobody is quiet right now.</p> : null}
      {members.length > 0 ? (
        <ol className={styles.list} aria-label={QUIET_TEXTS.page}>
          {members.map((member) => (
            <li key={member.id}>
              <Quiet member={member} />
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}

function Quiet({ member }: { member: QuietMember }) {
  const id = useId();
  const router = useRouter();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [confirming, setConfirming] = useState(false);

  async function write(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    const checked = QuietNoteForm.safeParse({ message: note });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? QUIET_TEXTS.writeNote);
      return;
    }
    setError(null);
    setSending(true);
    try {
      const answer = await writeQuietMember(member.id, checked.data.message);
      setNote('');
      toast({ title: answer.message });
      await router.invalidate();
    } catch (failure) {
      toast({ title: messageOf(failure), variant: 'destructive' });
    } finally {
      setSending(false);
    }
  }

  async function free() {
    if (sending) return;
    setSending(true);
    try {
      const freed = await freeQuietSeat(member.id);
      toast({
        title: freed.placed
          ? `${member.name}'s seat on Team ${member.team.name} went to ${freed.placed.name}, whose request now waits for approval.`
          : `${member.name}'s seat on Team ${member.team.name} is free.`,
      });
      await router.invalidate();
    } catch (failure) {
      toast({ title: messageOf(failure), variant: 'destructive' });
      setSending(false);
      setConfirming(false);
    }
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
        </div>
      )}
    </article>
  );
}
