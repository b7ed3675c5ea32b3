import type {
  FocusArea,
  Id,
  NormalisedMember,
  RoleArea,
  StatusResponse,
  TeamView,
} from '@app/contracts';
import { API_KEY_LENGTH, API_KEY_PREFIX, MESSAGES } from '@app/contracts';
import { button } from '@app/ui/button.css';
import { Facts } from '@app/ui/facts';
import * as layout from '@app/ui/layout.css';
import { useRouter } from '@tanstack/react-router';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { getApi } from '../api.ts';
import { Alert } from '../components/Alert.tsx';
import { Tabs } from '../components/Tabs.tsx';
import * as ui from '../components/ui.css.ts';
import { useHydrated } from '../components/useHydrated.ts';
import { usePageTitle } from '../components/usePageTitle.ts';
import * as styles from './ApiTestPage.css.ts';

/** A call's outcome: what it returned, or the message of its failure. */
type Settled<T> = { state: 'error'; message: string } | { state: 'done'; value: T };

/** The call as a promise that never rejects, for `Await`. */
function settle<T>(call: Promise<T>): Promise<Settled<T>> {
  return call.then(
    (value) => ({ state: 'done', value }),
    (error: unknown) => ({
      state: 'error',
      message: error instanceof Error ? error.message : String(error),
    }),
  );
}

export interface ApiTestData {
  lists: Promise<Settled<Lists>>;
  status: Promise<Settled<CheckedStatus>>;
}

/** What the route's loader starts: the three lists and the status check, side by side. */
export function loadApiTestData(): ApiTestData {
  const api = getApi();
  return {
    lists: settle(
      Promise.all([api.getTeams(), api.getFocusAreas(), api.getRoleAreas()]).then(
        ([teams, focusAreas, roleAreas]) => ({ teams, focusAreas, roleAreas }),
      ),
    ),
    status: settle(api.getStatus().then((body) => ({ body, checkedAt: new Date() }))),
  };
}

/**
 * A panel of the page: its button (Refresh, Check again) loads the route again, and its content
 * shows the loader's answer once it has come. `load` is null before the browser has the page (prerendered).
 */
function Panel<T>({
  load,
  action,
  pending,
  failed,
  children,
}: {
  load: Promise<Settled<T>> | null;
  action: string;
  pending: string;
  failed: (message: string) => { title: string; text?: string };
  children: (value: T) => ReactNode;
}) {
  const router = useRouter();
  const panel = (busy: boolean, content?: ReactNode) => (
    <div className={styles.panel}>
      <div className={styles.toolbar}>
        <button
          type="button"
          className={button.secondary}
          onClick={() => void router.invalidate()}
          disabled={busy}
        >
          {action}
        </button>
        {busy ? <p role="status">{pending}</p> : null}
      </div>
      {content}
    </div>
  );
  const result = useSettled(load);
  if (result === null) return panel(true);
  if (result.state === 'done') return panel(false, children(result.value));
  const { title, text } = failed(result.message);
  return panel(
    false,
    <Alert variant="destructive" title={title}>
      {text}
    </Alert>,
  );
}

/** The loader's answer once it has come; null before (and while the route loads again). */
function useSettled<T>(promise: Promise<Settled<T>> | null): Settled<T> | null {
  const [settled, setSettled] = useState<{ from: Promise<Settled<T>>; result: Settled<T> }>();
  useEffect(() => {
    let current = true;
    void promise?.then((result) => {
      if (current) setSettled({ from: promise, result });
    });
    return () => {
      current = false;
    };
  }, [promise]);
  return settled !== undefined && settled.from === promise ? settled.result : null;
}

/** What each panel's button says, what it says while loading, and how its failure reads. */
const PANELS = {
  lists: {
    action: 'Refresh',
    pending: 'Loading data from the API...',
    failed: (message: string) => ({ title: `Error: ${message}` }),
  },
  status: {
    action: 'Check again',
    pending: 'Checking the API...',
    failed: (message: string) => ({ title: MESSAGES.statusCheckError, text: message }),
  },
};

type ApiTab = 'test' | 'status';

/** The tab an address shows: `?tab=status` the API Status tab, any other the API Test tab. */
function tabOf(search: string): ApiTab {
  return new URLSearchParams(search).get('tab') === 'status' ? 'status' : 'test';
}

const TAB_HREFS: Record<ApiTab, string> = { test: '/api-test', status: '/api-test?tab=status' };

export function ApiTestPage({ data }: { data: ApiTestData | null }) {
  usePageTitle('API Test and Status');
  // The tabs are links (`TAB_HREFS`): a click before the page's code has run opens the tab's
  // address, and the page shows that tab once its code runs. The prerendered page and the render
  // that hydrates it show the first tab.
  const hydrated = useHydrated();
  const [chosen, setChosen] = useState<ApiTab | null>(null);
  const tab = chosen ?? (hydrated ? tabOf(window.location.search) : 'test');
  const setTab = (key: ApiTab) => {
    setChosen(key);
    // The address follows (a reload shows the same tab), without the router loading the page again.
    window.history.replaceState(window.history.state, '', TAB_HREFS[key]);
  };
  return (
    <>
      <section className={ui.pageHeader}>
        <div className={layout.container}>
          <h1 className={ui.h1}>API Test and Status</h1>
          <p className={ui.lead}>
            What the site API returns right now, and whether it can reach the tracker.
          </p>
        </div>
      </section>
      <section className={ui.section}>
        <div className={layout.container}>
          <Tabs
            label="API views"
            selected={tab}
            onSelect={setTab}
            items={[
              {
                key: 'test',
                label: 'API Test',
                href: TAB_HREFS.test,
                panel: (
                  <Panel load={data?.lists ?? null} {...PANELS.lists}>
                    {(lists) => <DataLists lists={lists} />}
                  </Panel>
                ),
              },
              {
                key: 'status',
                label: 'API Status',
                href: TAB_HREFS.status,
                panel: (
                  <Panel load={data?.status ?? null} {...PANELS.status}>
                    {(status) => <StatusFields {...status} />}
                  </Panel>
                ),
              },
            ]}
          />
        </div>
      </section>
    </>
  );
}

/* ------------------------------------------------------------------ */
/* API Test: teams, a team selector, focus areas and role areas         */
/* ------------------------------------------------------------------ */

interface Lists {
  teams: TeamView[];
  focusAreas: FocusArea[];
  roleAreas: RoleArea[];
}

function sameId(a: Id | null, b: Id) {
  return a !== null && String(a) === String(b);
}

function DataLists({ lists }: { lists: Lists }) {
  const focusName = (id: Id | null) =>
    id === null ? null : (lists.focusAreas.find((area) => sameId(area.id, id))?.name ?? null);
  const roleName = (id: Id | null) => {
    if (id === null) return null;
    const area = lists.roleAreas.find((role) => sameId(role.id, id));
    if (area) return area.name;
    for (const focus of lists.focusAreas) {
      const role = focus.focusRoles.find((item) => sameId(item.id, id));
      if (role) return role.name;
    }
    return null;
  };

  return (
    <>
      <TeamSelector teams={lists.teams} />

      <section className={styles.block} aria-labelledby="teams-heading">
        <h2 id="teams-heading" className={styles.h2}>
          Teams ({lists.teams.length})
        </h2>
        {lists.teams.length === 0 ? <p>No teams returned.</p> : null}
        {lists.teams.map((team) => (
          <article key={String(team.id)} className={styles.teamCard}>
            <h3 className={ui.h3}>{team.name}</h3>
            <Facts
              facts={[
                ['ID', String(team.id)],
                ['Focus area', idAndName(team.focusAreaId, focusName(team.focusAreaId))],
                ['Role area', idAndName(team.focusRoleId, roleName(team.focusRoleId))],
              ]}
            />
            <MemberCards members={team.members} />
          </article>
        ))}
      </section>

      <section className={styles.block} aria-labelledby="focus-heading">
        <h2 id="focus-heading" className={styles.h2}>
          Focus areas ({lists.focusAreas.length})
        </h2>
        {lists.focusAreas.length === 0 ? <p>No focus areas returned.</p> : null}
        <div className={ui.grid2}>
          {lists.focusAreas.map((area) => (
            <article key={String(area.id)} className={layout.card}>
              <h3 className={ui.h3}>
                {area.name} <span className={styles.small}>(ID {String(area.id)})</span>
              </h3>
              {area.description ? <p className={layout.muted}>{area.description}</p> : null}
              {area.focusRoles.length > 0 ? (
                <>
                  <p className={styles.label}>Roles</p>
                  <ul className={styles.roles}>
                    {area.focusRoles.map((role) => (
                      <li key={String(role.id)}>
                        {role.name} <span className={styles.small}>(ID {String(role.id)})</span>
                      </li>
                    ))}
                  </ul>
                </>
              ) : (
                <p className={styles.small}>No roles.</p>
              )}
            </article>
          ))}
        </div>
      </section>

      <section className={styles.block} aria-labelledby="roles-heading">
        <h2 id="roles-heading" className={styles.h2}>
          Role areas ({lists.roleAreas.length})
        </h2>
        {lists.roleAreas.length === 0 ? <p>No role areas returned.</p> : null}
        <div className={ui.grid3}>
          {lists.roleAreas.map((role) => (
            <article key={String(role.id)} className={layout.card}>
              <h3 className={ui.h3}>
                {role.name} <span className={styles.small}>(ID {String(role.id)})</span>
              </h3>
              {role.description ? <p className={layout.muted}>{role.description}</p> : null}
            </article>
          ))}
        </div>
      </section>
    </>
  );
}

function idAndName(id: Id | null, name: string | null) {
  if (id === null) return 'none';
  return name ? `${String(id)} (${name})` : `${String(id)} (unknown)`;
}

function TeamSelector({ teams }: { teams: TeamView[] }) {
  const selectId = useId();
  const [teamId, setTeamId] = useState('');
  const [request, setRequest] = useState<Promise<Settled<TeamView>> | null>(null);
  // The team is loaded when it is picked; an answer to an earlier pick is dropped.
  const answer = useSettled(request);
  const detail = request !== null && answer === null ? 'loading' : answer;
  const choose = (id: string) => {
    setTeamId(id);
    setRequest(id === '' ? null : settle(getApi().getTeam(id)));
  };

  return (
    <section className={styles.block} aria-labelledby="team-detail-heading">
      <h2 id="team-detail-heading" className={styles.h2}>
        Team details
      </h2>
      <label htmlFor={selectId} className={styles.label}>
        Choose a team
      </label>
      <select
        id={selectId}
        className={styles.select}
        value={teamId}
        onChange={(event) => choose(event.target.value)}
      >
        <option value="">Select a team</option>
        {teams.map((team) => (
          <option key={String(team.id)} value={String(team.id)}>
            {team.name} (ID {String(team.id)})
          </option>
        ))}
      </select>
      {detail === 'loading' ? <p role="status">Loading team...</p> : null}
      {detail !== null && detail !== 'loading' && detail.state === 'error' ? (
        <Alert variant="destructive" title={`Error: ${detail.message}`} />
      ) : null}
      {detail !== null && detail !== 'loading' && detail.state === 'done' ? (
        <article className={styles.teamCard} aria-label={`Team ${detail.value.name}`}>
          <h3 className={ui.h3}>{detail.value.name}</h3>
          <MemberCards members={detail.value.members} />
        </article>
      ) : null}
    </section>
  );
}

/** The team's Active members, as the api-client normalised them (spec 3 and 6). */
function MemberCards({ members }: { members: NormalisedMember[] }) {
  const views = members;
  if (views.length === 0) return <p className={styles.small}>No members.</p>;
  return (
    <ul className={styles.members} aria-label="Members">
      {views.map((member) => (
        <li key={member.id} className={styles.member}>
          {member.photo ? (
            <img
              src={member.photo}
              alt=""
              width={48}
              height={48}
              loading="lazy"
              className={styles.avatar}
            />
          ) : (
            <span className={styles.initials} aria-hidden="true">
              {member.name.slice(0, 1).toUpperCase()}
            </span>
          )}
          <div>
            <p className={styles.label}>{member.name}</p>
            <p className={styles.small}>{member.aboutMe}</p>
            <p className={styles.small}>“{member.goalSummary}”</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/* ------------------------------------------------------------------ */
/* API Status                                                           */
/* ------------------------------------------------------------------ */

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

interface CheckedStatus {
  body: StatusResponse;
  checkedAt: Date;
}

function StatusFields({ body, checkedAt }: CheckedStatus) {
  const lengthIsOff = body.apiKeyLength > 0 && body.apiKeyLength !== API_KEY_LENGTH;
  const connection = body.testConnection;
  const statusLine = [connection.status, connection.statusText].filter((part) => part).join(' ');
  return (
    <>
      <Facts
        facts={[
          ['API key', body.apiKeyExists ? 'Present' : 'Missing'],
          ['Key length', `${body.apiKeyLength} (expected ${API_KEY_LENGTH})`],
          ['Key prefix', `${body.apiKeyPrefix || 'none'} (keys start with ${API_KEY_PREFIX})`],
          ['Environment', body.environment],
          ['Node.js', body.nodeVersion],
          ['API base URL', body.apiBaseUrl],
          ['Connection test', connection.success ? 'Connected' : 'Failed'],
          [
            'Last checked',
            <time key="checked" dateTime={checkedAt.toISOString()}>
              {timeFormat.format(checkedAt)}
            </time>,
          ],
        ]}
      />
      {lengthIsOff ? (
        <Alert variant="warning" title="Unexpected API key length">
          The API key is {body.apiKeyLength} characters long; expected {API_KEY_LENGTH}.
        </Alert>
      ) : null}
      {connection.success ? (
        <Alert variant="success" title="Connection Successful">
          The tracker answered{statusLine ? ` with ${statusLine}` : ''}.
        </Alert>
      ) : (
        <Alert variant="destructive" title={MESSAGES.connectionFailed}>
          {connection.error || statusLine || 'No response from the tracker.'}
        </Alert>
      )}
    </>
  );
}
