/** One cached tracker answer: what the browser is sent, byte for byte. */
export interface CachedAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * Taken just before a read goes to the tracker. `order` places the read among the writes the
 * cache has been told about (a logical clock, so there are no ties); `at` is when it was taken.
 */
export interface ReadTicket {
  readonly order: number;
  readonly at: number;
}

interface Entry {
  answer: CachedAnswer;
  /** The ticket of the read that fetched it: the answer shows the tracker as of then, or later. */
  read: ReadTicket;
}

export interface ReadCacheOptions {
  /** How old an answer may be when it is served (from the start of its read); 0 turns caching off. */
  ttlMs: number;
  /** Distinct paths kept at once (ids are part of the path, so this bounds memory). */
  maxEntries: number;
  /** Writers remembered at once; past it every cached answer is dropped instead. */
  maxWriters?: number;
  /** Milliseconds on a monotonic clock. */
  now?: () => number;
}

/**
 * A short-lived cache of the tracker's read answers (teams, a team, a user, focus and role areas),
 * the same bytes for every visitor.
 *
 * The rule, per reader:
 *
 * - **Everyone** may be served an answer whose read started at most `ttlMs` ago. So a change
 *   shows to all visitors within `ttlMs`, whoever made it (a sign-up, a hold, a hold running out,
 *   an approval in the tracker, a write through another site instance).
 * - **A writer** (a browser session that has been answered a write: a sign-up, a hold, a
 *   profile..., or their refusal, such as "that team is full") is never served an answer whose
 *   read started before that answer was sent: it reads through to the tracker, so it sees its
 *   own write at once (its held seat gone, its photo), and nothing older than what it was told.
 *   Its fresh answer is kept for the others too. The site does not tell which reads a
 *   write changes; a writer reads every path through for `ttlMs` after its write, which costs
 *   the tracker a few reads per write and keeps the rule true for writes added later.
 * - **A write without a session** (confirming an email from a link, say) has no reader to follow,
 *   so it drops every cached answer, and no read that started before it is kept afterwards.
 *
 * Writes do not hold up anyone else's cached reads, so a stream of sign-ups does not send every
 * visitor's read to a tracker that is busy hashing passwords. Only answered writes count: a
 * browser cut off before its answer does not know whether its write happened.
 */
export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  /** Session id -> the order and time of its last answered write, oldest first. */
  private readonly writers = new Map<string, ReadTicket>();
  private clock = 0;
  /** Reads that started before this order are never served or kept (a write with no session). */
  private floor = 0;
  private readonly now: () => number;
  private readonly maxWriters: number;

  constructor(private readonly options: ReadCacheOptions) {
    this.now = options.now ?? (() => performance.now());
    this.maxWriters = options.maxWriters ?? 10_000;
  }

  get enabled(): boolean {
    return this.options.ttlMs > 0;
  }

  get size(): number {
    return this.entries.size;
  }

  /** True while some session's own write still decides what it may be served. */
  get hasWriters(): boolean {
    this.forgetOldWriters();
    return this.writers.size > 0;
  }

  /** Call before asking the tracker; pass the ticket to store(). */
  ticket(): ReadTicket {
    this.clock += 1;
    return { order: this.clock, at: this.now() };
  }

  /**
   * Whether an answer read with this ticket may be served to `reader` (a session id, or null for
   * a browser with none): started after the last sessionless write and after the reader's own
   * last write, and at most `ttlMs` ago.
   */
  serves(read: ReadTicket, reader: string | null = null): boolean {
    if (read.order <= this.floor || read.at + this.options.ttlMs <= this.now()) return false;
    const wrote = reader === null ? undefined : this.writers.get(reader);
    return wrote === undefined || read.order > wrote.order;
  }

  /** The answer for a path that `reader` may be served, if there is one. */
  get(key: string, reader: string | null = null): CachedAnswer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (!this.serves(entry.read)) {
      // Too old for anyone.
      this.entries.delete(key);
      return undefined;
    }
    return this.serves(entry.read, reader) ? entry.answer : undefined;
  }

  /**
   * True once the path's kept answer has used half its time: the next read of it fetches a fresh
   * one (while the others are still served the kept one), so that a busy path is refreshed before
   * its answer runs out instead of making every reader wait for the tracker when it does.
   */
  refreshDue(key: string): boolean {
    const entry = this.entries.get(key);
    return entry !== undefined && this.now() - entry.read.at >= this.options.ttlMs / 2;
  }

  /**
   * Keeps an answer for everyone, unless it is already too old or a newer read of the path is
   * kept. Returns whether it was kept.
   */
  store(key: string, read: ReadTicket, answer: CachedAnswer): boolean {
    if (!this.enabled || !this.serves(read)) return false;
    const kept = this.entries.get(key);
    if (kept && kept.read.order > read.order && this.serves(kept.read)) return false;
    this.entries.delete(key);
    if (this.entries.size >= this.options.maxEntries) {
      // Maps iterate in insertion order: the first key is the oldest entry.
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { answer, read });
    return true;
  }

  /**
   * A write's answer is about to be sent to `writer`, the session it belongs to as the answer
   * leaves (a sign-up may have just started it); null: a write with no session has succeeded.
   */
  writeAnswered(writer: string | null): void {
    if (!this.enabled) return;
    if (writer === null) {
      this.invalidate();
      return;
    }
    this.writers.delete(writer);
    this.writers.set(writer, this.ticket());
    this.forgetOldWriters();
    // Too many at once to follow each: dropping everything keeps every writer's rule true.
    if (this.writers.size > this.maxWriters) this.invalidate();
  }

  /** Nothing read before now is served or kept. */
  invalidate(): void {
    this.clock += 1;
    this.floor = this.clock;
    this.entries.clear();
    // Every writer's write is older than the floor now, so none needs following.
    this.writers.clear();
  }

  /** A write older than `ttlMs` predates every answer still served: its writer needs no rule. */
  private forgetOldWriters(): void {
    const cutoff = this.now() - this.options.ttlMs;
    for (const [writer, wrote] of this.writers) {
      if (wrote.at > cutoff) break;
      this.writers.delete(writer);
    }
  }
}
