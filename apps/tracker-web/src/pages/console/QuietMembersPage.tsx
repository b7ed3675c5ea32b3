import {
  type FreedSeat,
  QUIET_NOTE_MAX,
  QUIET_RULES,
  QUIET_TEXTS,
  type QuietMember,
  QuietNoteForm,
  type SeatHeir,
} from '@app/contracts';
import { button } from '@app/ui/button.css';
import { Field } from '@app/ui/field';
import * as layout from '@app/ui/layout.css';
import { getRouteApi } from '@tanstack/react-router';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { dateAndTime, dayInWords } from '../../components/dates.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { useAction } from '../../components/useAction.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import * as ui from '../../styles/ui.css.ts';
import * as styles from './Console.css.ts';
import {
  freeQuietSeat,
  PAGE_SIZE,
  seatHeir,
  undoFreeQuietSeat,
  writeQuietMember,
} from './console-api.ts';
import { ExportMemberButton } from './ExportMemberButton.tsx';
import { Pager } from './QueuePage.tsx';

const route = getRouteApi('/console/quiet');

const QUIET_HEADING_ID = 'quiet-members-heading';
/** The card that says what became of the seat just freed (and offers its Undo): focus goes there. */
const FREED_ID = 'seat-freed-heading';

/** A seat this operator freed from this page, and what became of it since. */
interface Freed {
  member: QuietMember;
  answer: FreedSeat;
  /** Set once the freeing was taken back: who waits for a team again. */
  restored?: { waiting: SeatHeir | null };
}

/** Who got the seat, in words: the sentence the toast and the card share. */
function whereSeatWent({ member, answer }: Freed) {
  return answer.placed
    ? `${member.name}'s seat on Team ${member.team.name} went to ${answer.placed.name}, whose request now waits for approval.`
    : `${member.name}'s seat on Team ${member.team.name} is open: nobody was waiting for this team or its area and role.`;
}

function restoredWords({ member, restored }: Freed) {
  const waiting = restored?.waiting;
  return `${member.name} is back on Team ${member.team.name}${
    waiting ? `; ${waiting.name}'s request waits for a team again` : ''
  }. No email was sent.`;
}

/** An instant on this device's clock, to the second: '1:22:05 PM'. */
const clockTime = (iso: string) =>
  new Intl.DateTimeFormat('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
  }).format(new Date(iso));

/** The console's Quiet members page: who has gone quiet, and what an operator can do about it. */
export function QuietMembersPage() {
  usePageTitle(QUIET_TEXTS.page);
  const { members, total } = route.useLoaderData();
  const page = route.useSearch().page ?? 1;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const [freed, setFreed] = useState<Freed | null>(null);
  return (
    <div className={`${layout.container} ${ui.stack}`}>
      <h1 id={QUIET_HEADING_ID} className={ui.h1} tabIndex={-1}>
        {QUIET_TEXTS.page}
      </h1>
      {freed ? <JustFreed freed={freed} onChange={setFreed} /> : null}
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
              <Quiet member={member} onFreed={setFreed} />
            </li>
          ))}
        </ol>
      ) : null}
      <Pager page={page} pages={pages} to="/console/quiet" />
    </div>
  );
}

/**
 * The seat just freed: who got it, until when the member's mail waits, and its Undo (as long as
 * approvals and declines can be undone). After the Undo, what was given back.
 */
function JustFreed({ freed, onChange }: { freed: Freed; onChange: (next: Freed | null) => void }) {
  const { member, answer, restored } = freed;
  const until = answer.undoUntil;
  const [open, setOpen] = useState(() => until !== null && Date.parse(until) > Date.now());
  useEffect(() => {
    if (until === null || restored) return;
    const left = Date.parse(until) - Date.now();
    if (left <= 0) return setOpen(false);
    const timer = setTimeout(() => setOpen(false), left);
    return () => clearTimeout(timer);
  }, [until, restored]);
  const undo = useAction({
    send: () => undoFreeQuietSeat(member.id),
    toast: (back) => ({
      title: `${member.name}'s seat given back`,
      description: restoredWords({ ...freed, restored: { waiting: back.waiting } }),
    }),
    failure: 'Not undone',
    recover: () => {
      setOpen(false);
      return false;
    },
    done: (back) => onChange({ ...freed, restored: { waiting: back.waiting } }),
    reload: true,
    // The card says what was given back: focus stays on it, under its new heading.
    focus: FREED_ID,
  });
  return (
    <section className={ui.card} aria-labelledby={FREED_ID}>
      <h2 id={FREED_ID} className={ui.h2} tabIndex={-1}>
        {restored ? 'Seat given back' : 'Seat freed'}
      </h2>
      {restored ? (
        <p>{restoredWords(freed)}</p>
      ) : (
        <>
          <p>{whereSeatWent(freed)}</p>
          {open && until !== null ? (
            <div className={styles.actions}>
              <span>
                The email to {member.name} waits until{' '}
                <time dateTime={until}>{clockTime(until)}</time>.
              </span>
              <button
                type="button"
                className={button.secondary}
                aria-disabled={undo.pending || undefined}
                onClick={() => void undo.run()}
              >
                Undo <span className={layout.visuallyHidden}>freeing {member.name}'s seat</span>
              </button>
            </div>
          ) : (
            <p>{member.name} is told by email.</p>
          )}
        </>
      )}
    </section>
  );
}

function Quiet({ member, onFreed }: { member: QuietMember; onFreed: (freed: Freed) => void }) {
  const id = useId();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  /** Who the seat would go to, once asked: the dialog is open while this is set. */
  const [heir, setHeir] = useState<{ heir: SeatHeir | null } | null>(null);
  const writing = useAction({
    send: (message: string) => writeQuietMember(member.id, message),
    toast: ({ message }) => ({ title: message }),
    failure: 'Your note was not sent',
    done: () => setNote(''),
    reload: true,
  });
  const asking = useAction({
    send: () => seatHeir(member.id),
    failure: 'The seat was not freed',
    done: (answer) => setHeir(answer),
  });
  const freeing = useAction({
    send: () => freeQuietSeat(member.id),
    toast: (answer) => ({ title: whereSeatWent({ member, answer }) }),
    failure: 'The seat was not freed',
    recover: () => {
      setHeir(null);
      return false;
    },
    done: (answer) => {
      setHeir(null);
      onFreed({ member, answer });
    },
    reload: true,
    // The member leaves the list with their seat: the card saying who got it, with its Undo.
    focus: [FREED_ID, QUIET_HEADING_ID],
  });
  const sending = writing.pending || freeing.pending || asking.pending;

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

  function closeDialog() {
    // The dialog gives focus back to the card's Free the seat button.
    setHeir(null);
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
      <FormDialog
        open={heir !== null}
        titleId={`${id}-free-title`}
        focusId={`${id}-free-cancel`}
        onClose={closeDialog}
      >
        <div className={ui.stack}>
          <h2 id={`${id}-free-title`} className={ui.h2}>
            Free {member.name}'s seat?
          </h2>
          <p>
            {member.name} leaves Team {member.team.name} and is told by email.{' '}
            {heir?.heir
              ? `The seat goes to ${heir.heir.name}, whose request then waits for approval.`
              : 'Nobody is waiting for this team or its area and role: the seat simply opens.'}
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
            <button
              id={`${id}-free-cancel`}
              type="button"
              className={button.secondary}
              onClick={closeDialog}
            >
              Cancel
            </button>
          </div>
        </div>
      </FormDialog>
      <div className={styles.actions}>
        <button
          type="button"
          className={button.secondary}
          aria-haspopup="dialog"
          aria-disabled={sending || undefined}
          onClick={() => {
            if (!sending) void asking.run();
          }}
        >
          Free the seat
        </button>
        <ExportMemberButton member={member} />
      </div>
    </article>
  );
}
