import type {
  FocusArea,
  Id,
  NormalisedMember,
  RoleArea,
  StatusResponse,
  TeamView,
} from '@app/contracts';
import { API_KEY_LENGTH, API_KEY_PREFIX, MESSAGES } from '@app/contracts';
import { useCallback, useEffect, useId, useState } from 'react';
import { getApi } from '../api.ts';
import { Alert } from '../components/Alert.tsx';
import { Tabs } from '../components/Tabs.tsx';
import * as ui from '../components/ui.css.ts';
import { usePageTitle } from '../components/usePageTitle.ts';
import * as styles from './ApiTestPage.css.ts';

type Load<T> =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'done'; value: T };

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function ApiTestPage() {
  usePageTitle('API Test and Status');
  const [tab, setTab] = useState<'test' | 'status'>('test');
  return (
    <>
      <section className={ui.pageHeader}>
        <div className={ui.container}>
          <h1 className={ui.h1}>API Test and Status</h1>
          <p className={ui.lead}>
            What the site API returns right now, and whether it can reach the tracker.
          </p>
        </div>
      </section>
      <section className={ui.section}>
        <div className={ui.container}>
          <Tabs
            label="API views"
            selected={tab}
            onSelect={setTab}
            items={[
              { key: 'test', label: 'API Test', panel: <DataPanel /> },
              { key: 'status', label: 'API Status', panel: <StatusPanel /> },
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

function DataPanel() {
  const [lists, setLists] = useState<Load<Lists>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the load on Refresh
  useEffect(() => {
    const controller = new AbortController();
    const api = getApi();
    const call = { signal: controller.signal };
    setLists({ state: 'loading' });
    Promise.all([api.getTeams(call), api.getFocusAreas(call), api.getRoleAreas(call)]).then(
      ([teams, focusAreas, roleAreas]) =>
        setLists({ state: 'done', value: { teams, focusAreas, roleAreas } }),
      (error: unknown) => {
        if (!controller.signal.aborted) setLists({ state: 'error', message: errorMessage(error) });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  return (
    <div className={styles.panel}>
      <div className={styles.toolbar}>
        <button
          type="button"
          className={ui.button.secondary}
          onClick={() => setAttempt((n) => n + 1)}
          disabled={lists.state === 'loading'}
        >
          Refresh
        </button>
        {lists.state === 'loading' ? <p role="status">Loading data from the API...</p> : null}
      </div>
      {lists.state === 'error' ? (
        <Alert variant="destructive" title={`Error: ${lists.message}`} />
      ) : null}
      {lists.state === 'done' ? <DataLists lists={lists.value} /> : null}
    </div>
  );
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
            <dl className={styles.facts}>
              <dt className={styles.term}>ID</dt>
              <dd className={styles.value}>{String(team.id)}</dd>
              <dt className={styles.term}>Focus area</dt>
              <dd className={styles.value}>
                {idAndName(team.focusAreaId, focusName(team.focusAreaId))}
              </dd>
              <dt className={styles.term}>Role area</dt>
              <dd className={styles.value}>
                {idAndName(team.focusRoleId, roleName(team.focusRoleId))}
              </dd>
            </dl>
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
            <article key={String(area.id)} className={ui.card}>
              <h3 className={ui.h3}>
                {area.name} <span className={styles.small}>(ID {String(area.id)})</span>
              </h3>
              {area.description ? <p className={ui.muted}>{area.description}</p> : null}
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
            <article key={String(role.id)} className={ui.card}>
              <h3 className={ui.h3}>
                {role.name} <span className={styles.small}>(ID {String(role.id)})</span>
              </h3>
              {role.description ? <p className={ui.muted}>{role.description}</p> : null}
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
  const [detail, setDetail] = useState<Load<TeamView> | null>(null);

  useEffect(() => {
    if (teamId === '') {
      setDetail(null);
      return;
    }
    const controller = new AbortController();
    setDetail({ state: 'loading' });
    getApi()
      .getTeam(teamId, { signal: controller.signal })
      .then(
        (team) => setDetail({ state: 'done', value: team }),
        (error: unknown) => {
          if (!controller.signal.aborted)
            setDetail({ state: 'error', message: errorMessage(error) });
        },
      );
    return () => controller.abort();
  }, [teamId]);

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
        onChange={(event) => setTeamId(event.target.value)}
      >
        <option value="">Select a team</option>
        {teams.map((team) => (
          <option key={String(team.id)} value={String(team.id)}>
            {team.name} (ID {String(team.id)})
          </option>
        ))}
      </select>
      {detail?.state === 'loading' ? <p role="status">Loading team...</p> : null}
      {detail?.state === 'error' ? (
        <Alert variant="destructive" title={`Error: ${detail.message}`} />
      ) : null}
      {detail?.state === 'done' ? (
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

function StatusPanel() {
  const [status, setStatus] = useState<Load<{ body: StatusResponse; checkedAt: Date }>>({
    state: 'loading',
  });
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the check on demand
  useEffect(() => {
    const controller = new AbortController();
    setStatus({ state: 'loading' });
    getApi()
      .getStatus({ signal: controller.signal })
      .then(
        (body) => setStatus({ state: 'done', value: { body, checkedAt: new Date() } }),
        (error: unknown) => {
          if (!controller.signal.aborted)
            setStatus({ state: 'error', message: errorMessage(error) });
        },
      );
    return () => controller.abort();
  }, [attempt]);

  return (
    <div className={styles.panel}>
      <div className={styles.toolbar}>
        <button
          type="button"
          className={ui.button.secondary}
          onClick={retry}
          disabled={status.state === 'loading'}
        >
          Check again
        </button>
        {status.state === 'loading' ? <p role="status">Checking the API...</p> : null}
      </div>
      {status.state === 'error' ? (
        <Alert variant="destructive" title={MESSAGES.statusCheckError}>
          {status.message}
        </Alert>
      ) : null}
      {status.state === 'done' ? (
        <StatusFields body={status.value.body} checkedAt={status.value.checkedAt} />
      ) : null}
    </div>
  );
}

function StatusFields({ body, checkedAt }: { body: StatusResponse; checkedAt: Date }) {
  const lengthIsOff = body.apiKeyLength > 0 && body.apiKeyLength !== API_KEY_LENGTH;
  const connection = body.testConnection;
  const statusLine = [connection.status, connection.statusText].filter((part) => part).join(' ');
  return (
    <>
      <dl className={styles.facts}>
        <dt className={styles.term}>API key</dt>
        <dd className={styles.value}>{body.apiKeyExists ? 'Present' : 'Missing'}</dd>
        <dt className={styles.term}>Key length</dt>
        <dd className={styles.value}>
          {body.apiKeyLength} (expected {API_KEY_LENGTH})
        </dd>
        <dt className={styles.term}>Key prefix</dt>
        <dd className={styles.value}>
          {body.apiKeyPrefix || 'none'} (keys start with {API_KEY_PREFIX})
        </dd>
        <dt className={styles.term}>Environment</dt>
        <dd className={styles.value}>{body.environment}</dd>
        <dt className={styles.term}>API base URL</dt>
        <dd className={styles.value}>{body.apiBaseUrl}</dd>
        <dt className={styles.term}>Connection test</dt>
        <dd className={styles.value}>{connection.success ? 'Connected' : 'Failed'}</dd>
        <dt className={styles.term}>Last checked</dt>
        <dd className={styles.value}>
          <time dateTime={checkedAt.toISOString()}>{timeFormat.format(checkedAt)}</time>
        </dd>
      </dl>
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
