/** One cached tracker answer: what the browser is sent, byte for byte. */
export interface CachedAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

interface Entry {
  answer: CachedAnswer;
  expiresAt: number;
}

/** Taken before a read goes upstream; a write that starts or ends meanwhile voids it. */
export interface ReadTicket {
  readonly generation: number;
}

export interface ReadCacheOptions {
  /** How long an answer is served without asking the tracker again; 0 turns caching off. */
  ttlMs: number;
  /** Distinct paths kept at once (ids are part of the path, so this bounds memory). */
  maxEntries: number;
  /** Milliseconds on a monotonic clock. */
  now?: () => number;
}

/**
 * A short-lived cache of the tracker's read answers (teams, a team, a user, focus and role areas).
 *
 * Writes made through this site (sign-ups, holds, profiles, confirmations...) change what those
 * reads return: open seats, team members, a member's photo. Every write therefore empties the
 * cache when it starts and again when it settles, and nothing read upstream while a write was
 * under way is stored, so a visitor never sees an answer older than their own write. Changes
 * the site cannot see (a hold running out, an approval made in the tracker, a write through
 * another site instance) show after at most `ttlMs`.
 */
export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;
  private writesInFlight = 0;
  private readonly now: () => number;

  constructor(private readonly options: ReadCacheOptions) {
    this.now = options.now ?? (() => performance.now());
  }

  get enabled(): boolean {
    return this.options.ttlMs > 0;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The fresh answer for a path, if there is one. */
  get(key: string): CachedAnswer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.answer;
  }

  /** Call before asking the tracker; pass the ticket to store(). */
  ticket(): ReadTicket {
    return { generation: this.generation };
  }

  /** True while no write has started or ended since the ticket was taken. */
  isCurrent(ticket: ReadTicket): boolean {
    return ticket.generation === this.generation && this.writesInFlight === 0;
  }

  /** Keeps an answer unless a write started or ended since the ticket was taken. */
  store(key: string, ticket: ReadTicket, answer: CachedAnswer): boolean {
    if (!this.enabled || ticket.generation !== this.generation || this.writesInFlight > 0) {
      return false;
    }
    this.entries.delete(key);
    if (this.entries.size >= this.options.maxEntries) {
      // Maps iterate in insertion order: the first key is the oldest entry.
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { answer, expiresAt: this.now() + this.options.ttlMs });
    return true;
  }

  /** A write to the tracker is about to be sent. */
  writeStarted(): void {
    this.writesInFlight += 1;
    this.invalidate();
  }

  /** A write to the tracker has an answer, failed or timed out: its effect may be visible now. */
  writeSettled(): void {
    this.writesInFlight = Math.max(0, this.writesInFlight - 1);
    this.invalidate();
  }

  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
  }
}
