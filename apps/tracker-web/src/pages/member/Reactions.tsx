import { callAt } from '@app/api-client/endpoints';
import {
  CHECK_IN_API,
  CHECK_IN_REPLY_MAX,
  type CheckInReply,
  type Reactions as ReactionsData,
  ReplyForm,
} from '@app/contracts';
import { button } from '@app/ui/button.css';
import * as fieldStyles from '@app/ui/field.css';
import * as layout from '@app/ui/layout.css';
import { type FormEvent, useId, useState } from 'react';
import { useAction } from '../../components/useAction.ts';
import * as styles from './Reactions.css.ts';
import { cheersInWords } from './words.ts';

interface Target {
  teamId: number;
  /** The member whose check-in it is. */
  member: { id: number; name: string; own: boolean };
  day: string;
  answer: 'yes' | 'not-today';
  note: string | null;
}

/**
 * A check-in's cheers and replies on the board: a teammate's Yes can be cheered with one tap (the
 * same button takes the cheer back), its note replied to in a few words; the count is announced
 * when it changes.
 */
export function CheckInReactions({ target, initial }: { target: Target; initial: ReactionsData }) {
  const [cheers, setCheers] = useState(initial.cheers);
  const [cheered, setCheered] = useState(initial.cheeredByYou);
  const [replies, setReplies] = useState<readonly CheckInReply[]>(initial.replies);
  const canCheer = !target.member.own && target.answer === 'yes';
  const params = { teamId: target.teamId, userId: target.member.id, day: target.day };
  const cheer = useAction({
    send: (taken: boolean) => callAt(taken ? CHECK_IN_API.uncheer : CHECK_IN_API.cheer, { params }),
    failure: (taken) => (taken ? 'Your cheer was not taken back' : 'Not cheered'),
    done: (state) => {
      setCheers(state.cheers);
      setCheered(state.cheeredByYou);
    },
  });

  const whose = target.member.own ? 'your' : `${target.member.name}’s`;
  return (
    <div className={styles.root}>
      <div className={styles.cheerRow}>
        {canCheer ? (
          <button
            type="button"
            className={`${button.secondary} ${styles.cheer}`}
            aria-pressed={cheered}
            aria-disabled={cheer.pending || undefined}
            onClick={() => void cheer.run(cheered)}
          >
            {cheered ? 'Cheered' : 'Cheer'}{' '}
            <span className={layout.visuallyHidden}>{target.member.name}’s Yes</span>
          </button>
        ) : null}
        <p className={styles.count} role="status">
          {cheersInWords(cheers)}
        </p>
      </div>
      {target.note !== null ? (
        <>
          {replies.length > 0 ? (
            <ul className={styles.replies} aria-label={`Replies to ${whose} note`}>
              {replies.map((r) => (
                <li key={r.id} className={styles.reply}>
                  <span className={styles.author}>{r.author.name}:</span> {r.text}
                </li>
              ))}
            </ul>
          ) : null}
          <ReplyBox
            label={`Reply to ${whose} note`}
            send={(text) => callAt(CHECK_IN_API.reply, { params }, { text })}
            onSent={(saved) => setReplies((list) => [...list, saved])}
          />
        </>
      ) : null}
    </div>
  );
}

function ReplyBox({
  label,
  send,
  onSent,
}: {
  label: string;
  send: (text: string) => Promise<CheckInReply>;
  onSent: (reply: CheckInReply) => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const reply = useAction({
    send,
    done: (saved) => {
      onSent(saved);
      setText('');
    },
  });
  const { error, setError } = reply;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (reply.pending) return;
    // The tracker's own rule, so the message is the one it would answer with.
    const checked = ReplyForm.safeParse({ text });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? 'Write a reply first');
      return;
    }
    void reply.run(checked.data.text);
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <div className={`${fieldStyles.root} ${styles.field}`}>
        <label htmlFor={id} className={fieldStyles.label}>
          {label}
        </label>
        {error ? (
          <p id={`${id}-error`} className={fieldStyles.error} role="alert">
            {error}
          </p>
        ) : null}
        <input
          id={id}
          className={fieldStyles.control}
          value={text}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${error ? `${id}-error ` : ''}${id}-hint`}
          onChange={(event) => setText(event.target.value)}
        />
        <p id={`${id}-hint`} className={fieldStyles.hint}>
          At most {CHECK_IN_REPLY_MAX} characters; your team reads it on the board.
        </p>
      </div>
      <button type="submit" className={button.secondary} aria-disabled={reply.pending || undefined}>
        Send reply
      </button>
    </form>
  );
}
