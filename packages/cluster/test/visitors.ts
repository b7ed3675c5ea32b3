/**
 * Visitors of the site as the web app is one: the web app's own api-client, with a browser's
 * cookies (the session and the balancer's stickiness cookie) and its Origin on writes, from a
 * loopback address of its own (a "network": the site's limits count per client address).
 */
import { randomBytes } from 'node:crypto';
import { type ApiClient, ApiError, createApiClient } from '@app/api-client';
import type { Id, TeamView } from '@app/contracts';
import { Agent, fetch as undiciFetch } from 'undici';

export interface Outcome {
  what: string;
  ok: boolean;
  status?: number;
  code?: string | undefined;
  ms: number;
}

/** Every call a visitor made, and what came of it. */
export class Ledger {
  readonly outcomes: Outcome[] = [];
  get failed(): Outcome[] {
    return this.outcomes.filter((o) => !o.ok);
  }
  /** Milliseconds at the given quantile (0..1) of every call. */
  quantile(q: number): number {
    const sorted = this.outcomes.map((o) => o.ms).sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  }
  summary(): string {
    const failed = this.failed;
    const kinds = new Map<string, number>();
    for (const f of failed) {
      const key = `${f.what} ${f.status ?? 'network'} ${f.code ?? ''}`.trim();
      kinds.set(key, (kinds.get(key) ?? 0) + 1);
    }
    const detail = [...kinds].map(([k, n]) => `${k} x${n}`).join(', ');
    return `${this.outcomes.length} requests, ${failed.length} failed${detail ? ` (${detail})` : ''}, p50 ${this.quantile(0.5)} ms, p95 ${this.quantile(0.95)} ms`;
  }
}

const agents = new Map<string, Agent>();
function agentFor(localAddress: string): Agent {
  let agent = agents.get(localAddress);
  if (!agent) {
    agent = new Agent({ localAddress, keepAliveTimeout: 4000 });
    agents.set(localAddress, agent);
  }
  return agent;
}

export async function closeAgents(): Promise<void> {
  await Promise.all([...agents.values()].map((a) => a.close()));
  agents.clear();
}

/** A fetch with a cookie jar, the page's Origin on writes, from one local address. */
export function browserFetch(
  origin: string,
  localAddress: string,
  jar: Map<string, string>,
): typeof globalThis.fetch {
  const dispatcher = agentFor(localAddress);
  return (async (input: Request | string | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const headers: Record<string, string> = Object.fromEntries(request.headers);
    if (jar.size > 0) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    if (request.method !== 'GET' && request.method !== 'HEAD') headers.origin = origin;
    const body = request.body ? await request.arrayBuffer() : undefined;
    const response = await undiciFetch(request.url, {
      method: request.method,
      headers,
      ...(body ? { body } : {}),
      signal: request.signal,
      dispatcher,
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (!pair || eq < 1) continue;
      jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    const bytes = await response.arrayBuffer();
    return new Response(bytes.byteLength > 0 ? bytes : null, {
      status: response.status,
      statusText: response.statusText,
      headers: Object.fromEntries(response.headers),
    });
  }) as typeof globalThis.fetch;
}

export interface VisitorOptions {
  siteUrl: string;
  localAddress: string;
  ledger: Ledger;
}

/** One prospect with one browser. */
export class Visitor {
  readonly jar = new Map<string, string>();
  readonly api: ApiClient;
  readonly fetch: typeof globalThis.fetch;
  private readonly ledger: Ledger;

  constructor(opts: VisitorOptions) {
    this.ledger = opts.ledger;
    this.fetch = browserFetch(new URL(opts.siteUrl).origin, opts.localAddress, this.jar);
    this.api = createApiClient({ baseUrl: `${opts.siteUrl}/`, fetch: this.fetch });
  }

  /** The site instance the balancer keeps this browser on (its stickiness cookie). */
  get instance(): string | undefined {
    return this.jar.get('ap_instance');
  }

  /** Runs one call, records its outcome; a refusal is recorded and thrown again. */
  async call<T>(what: string, run: (api: ApiClient) => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      const value = await run(this.api);
      this.ledger.outcomes.push({ what, ok: true, ms: Math.round(performance.now() - started) });
      return value;
    } catch (error) {
      const e = error instanceof ApiError ? error : undefined;
      this.ledger.outcomes.push({
        what,
        ok: false,
        ...(e?.status !== undefined ? { status: e.status } : {}),
        code: e?.code ?? (e ? e.kind : String(error)),
        ms: Math.round(performance.now() - started),
      });
      throw error;
    }
  }

  /** A list read that the client turns into [] on failure: checked by its status here. */
  async teams(): Promise<TeamView[]> {
    return this.call('GET teams', async (api) => {
      const teams = await api.getTeams();
      if (teams.length === 0) throw new Error('no teams: the list read failed');
      return teams;
    });
  }
}

export const uniqueEmail = (tag: string) =>
  `${tag}-${randomBytes(5).toString('hex')}@cluster.example`;

export interface WalkResult {
  userId: Id;
  email: string;
  teamId: Id;
}

/**
 * The onboarding as the web app walks it: role and focus area lists, the role step, the team
 * list, a held seat on a team, the team's page, the sign-up (with an idempotency key, sent again
 * with the same key when no answer came, as the person pressing Submit again), the profile text,
 * and the person's own record.
 */
export async function walkOnboarding(
  visitor: Visitor,
  choose: (teams: TeamView[]) => TeamView | undefined,
  tag: string,
  pause: () => Promise<void> = async () => {},
): Promise<WalkResult> {
  await visitor.call('GET role-areas', async (api) => {
    if ((await api.getRoleAreas()).length === 0) throw new Error('no role areas');
  });
  await visitor.call('GET focus-areas', async (api) => {
    if ((await api.getFocusAreas()).length === 0) throw new Error('no focus areas');
  });
  await pause();
  await visitor.call('POST onboarding', (api) =>
    api.submitOnboarding({ category: 'work', focusArea: 'Ship the quarterly report' }),
  );
  await pause();
  const team = choose(await visitor.teams());
  if (!team) throw new Error('no team with an open seat');
  await visitor.call('POST holds', (api) => api.createHold(team.id));
  await visitor.call('GET team', (api) => api.getTeam(team.id));
  await pause();
  const email = uniqueEmail(tag);
  const key = randomBytes(16).toString('hex');
  const payload = {
    email,
    password: 'correct horse battery',
    name: `Prospect ${tag}`,
    goalSummary: 'Finish what I start',
    teamId: team.id,
  };
  let created: Awaited<ReturnType<ApiClient['createUser']>>;
  try {
    created = await visitor.call('POST users', (api) =>
      api.createUser(payload, { idempotencyKey: key }),
    );
  } catch (error) {
    if (!(error instanceof ApiError) || error.kind !== 'network') throw error;
    created = await visitor.call('POST users (again)', (api) =>
      api.createUser(payload, { idempotencyKey: key }),
    );
  }
  const userId = created.user.id;
  await pause();
  await visitor.call('POST profile', (api) =>
    api.updateProfile(userId, { aboutMe: 'Mornings work best for me.' }),
  );
  await visitor.call('GET own user', (api) => api.getUser(userId));
  return { userId, email, teamId: team.id };
}
