import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { loggableError } from './errors.ts';
import type { MailAttachment, OutboxRow, outboxRepository } from './repositories/outbox.ts';

export interface MailMessage {
  id: number;
  kind: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  attachments: MailAttachment[];
  headers: Record<string, string>;
}

/** The message as nodemailer takes it: attachments are nodemailer's own (content type kept). */
function nodemailerMessage(m: MailMessage): SendMailOptions {
  return {
    from: m.from,
    to: m.to,
    subject: m.subject,
    text: m.text,
    headers: m.headers,
    attachments: m.attachments.map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      // nodemailer sends attachments base64-encoded, so the .ics keeps its CRLF line ends
      // (RFC 5545) whatever the transport's newline setting.
      content: a.content,
    })),
  };
}

/** Delivers one message; throws when it could not, and the outbox tries again later. */
export interface MailTransport {
  send(message: MailMessage): Promise<void>;
}

/** With no SMTP server: each message becomes an .eml file a developer can open. */
export function emlFileTransport(dir: string): MailTransport {
  const render = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    async send(m) {
      const info = await render.sendMail(nodemailerMessage(m));
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, `${String(m.id).padStart(6, '0')}-${m.kind}.eml`);
      await writeFile(`${file}.tmp`, info.message as Buffer);
      await rename(`${file}.tmp`, file);
    },
  };
}

export function smtpTransport(url: string): MailTransport {
  const transport = nodemailer.createTransport(url);
  return {
    async send(m) {
      await transport.sendMail(nodemailerMessage(m));
    },
  };
}

export interface MailerOptions {
  outbox: ReturnType<typeof outboxRepository>;
  transport: MailTransport;
  from: string;
  now: () => Date;
  /** How often unsent mail is looked for again (ms). */
  retryIntervalMs: number;
  log: { error(obj: object, msg: string): void };
  /** Runs each pass over the due mail (metrics record it as a schedule's run); default: as is. */
  pass?: (run: () => Promise<number>) => Promise<number>;
}

/**
 * How long mail being sent is kept from other senders. Short, so that mail a crashed process had
 * taken is due again soon: a restart's mailer (which looks every MAIL_RETRY_SECONDS, 30 s by
 * default) sends it within a minute. Batches are small so a batch is sent well within it.
 */
const LEASE_MS = 30_000;
const BATCH = 5;
const MAX_BACKOFF_MS = 60 * 60_000;

/**
 * Work queued in the outbox that is not a mail to send: run by the mailer when due, with the
 * outbox's lease, retries and back-off. The row's `toAddress` is the job's subject.
 */
export type OutboxJob = (row: OutboxRow) => Promise<void>;

export interface Mailer {
  /** Sends everything due now; resolves when done. Concurrent calls share one run. */
  flush(): Promise<number>;
  /** Runs rows of `kind` with `job` instead of mailing them. */
  handle(kind: string, job: OutboxJob): void;
  /** Starts a flush soon without waiting for it: called after a commit that queued mail. */
  kick(): void;
  start(): void;
  stop(): Promise<void>;
}

export function createMailer(opts: MailerOptions): Mailer {
  let running: Promise<number> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  const jobs = new Map<string, OutboxJob>();

  async function sendOne(row: OutboxRow): Promise<boolean> {
    try {
      const job = jobs.get(row.kind);
      if (job) {
        await job(row);
        await opts.outbox.markSent(row.id, opts.now());
        return true;
      }
      await opts.transport.send({
        id: row.id,
        kind: row.kind,
        from: opts.from,
        to: row.toAddress,
        subject: row.subject,
        text: row.bodyText,
        attachments: row.attachments ?? [],
        headers: row.headers ?? {},
      });
      await opts.outbox.markSent(row.id, opts.now());
      return true;
    } catch (error) {
      const backoff = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(row.attempts, 20));
      const message = error instanceof Error ? error.message : String(error);
      opts.log.error({ mailId: row.id, attempts: row.attempts, err: message }, 'mail send failed');
      await opts.outbox.markFailed(row.id, message, new Date(opts.now().getTime() + backoff));
      return false;
    }
  }

  async function run(): Promise<number> {
    let sent = 0;
    for (;;) {
      const now = opts.now();
      const batch = await opts.outbox.lease(now, new Date(now.getTime() + LEASE_MS), BATCH);
      if (batch.length === 0) return sent;
      for (const row of batch) if (await sendOne(row)) sent++;
    }
  }

  function flush(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      try {
        do {
          again = false;
          total += await (opts.pass ? opts.pass(run) : run());
        } while (again);
      } finally {
        running = null;
      }
      return total;
    })();
    return running;
  }

  return {
    flush,
    handle(kind, job) {
      jobs.set(kind, job);
    },
    kick() {
      if (stopped) return;
      flush().catch((error: unknown) =>
        opts.log.error({ err: String(loggableError(error)) }, 'mail flush failed'),
      );
    },
    start() {
      if (timer) return;
      timer = setInterval(() => this.kick(), opts.retryIntervalMs);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await running?.catch(() => 0);
    },
  };
}
