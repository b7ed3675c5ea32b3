import {
  CapacityForm,
  type ConsoleTeam,
  NewTeamForm,
  TEAM_CAPACITY_DEFAULT,
  TEAM_CAPACITY_MAX,
} from '@app/contracts';
import { button } from '@app/ui/button.css';
import { ErrorSummary } from '@app/ui/error-summary';
import { Facts } from '@app/ui/facts';
import { Field } from '@app/ui/field';
import * as fieldStyles from '@app/ui/field.css';
import * as layout from '@app/ui/layout.css';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { type MouseEvent, type ReactNode, useId, useState } from 'react';
import { useForm } from '../../components/form.ts';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { useSubmit } from '../../components/useSubmit.ts';
import * as ui from '../../styles/ui.css.ts';
import * as styles from './Console.css.ts';
import { createTeam, PAGE_SIZE, setCapacity, type TeamsData } from './console-api.ts';
import { AreaSelect, areaName, ListSearch } from './ListSearch.tsx';
import { Pager } from './QueuePage.tsx';

const route = getRouteApi('/console/teams');

const seats = (n: number) => `${n} seat${n === 1 ? '' : 's'}`;

/** Find teams by name or a member's, and by focus area; kept in the URL. */
function TeamSearch() {
  const search = route.useSearch();
  const navigate = useNavigate();
  const [area, setArea] = useState(search.area ?? '');
  return (
    <ListSearch
      landmark="Teams"
      label="Find a team by its name, or a member’s name or email"
      initial={search.q}
      onSearch={(q) =>
        void navigate({
          to: '/console/teams',
          search: { q, area: area === '' ? undefined : area },
        })
      }
      showAll={
        search.q !== undefined || search.area !== undefined ? (
          <Link to="/console/teams" className={button.secondary}>
            Show every team
          </Link>
        ) : null
      }
    >
      <AreaSelect value={area} onChange={setArea} />
    </ListSearch>
  );
}

/** The teams' status line: how many, and what they were narrowed to. */
function teamsSummary(
  total: number,
  { q, area }: { q?: string | undefined; area?: string | undefined },
) {
  const count = `${total} team${total === 1 ? '' : 's'}`;
  if (q === undefined && area === undefined) {
    return total === 0
      ? 'There is no team yet.'
      : `${count}, oldest first. Open seats are the capacity less Active members, Pending applicants and live holds.`;
  }
  const inArea = area ? ` in ${areaName(area)}` : '';
  if (total === 0) return `No team${inArea}${q ? ` matches “${q}”` : ''}.`;
  return `${count}${inArea}${q ? ` ${total === 1 ? 'matches' : 'match'} “${q}”` : ''}, oldest first.`;
}

export function TeamsPage() {
  usePageTitle('Teams');
  const { teams, focusAreas } = route.useLoaderData();
  const search = route.useSearch();
  const page = search.page ?? 1;
  const pages = Math.max(1, Math.ceil(teams.total / PAGE_SIZE));
  return (
    <div className={`${layout.container} ${ui.stack}`}>
      <h1 className={ui.h1}>Teams</h1>
      <NewTeam focusAreas={focusAreas} />
      <TeamSearch key={`${search.q ?? ''} ${search.area ?? ''}`} />
      <p className={ui.lead} role="status">
        {teamsSummary(teams.total, search)}
      </p>
      {teams.items.length > 1 ? <JumpToTeam teams={teams.items} /> : null}
      {teams.items.length > 0 ? (
        <ul className={styles.teamList} aria-label="Teams">
          {teams.items.map((team) => (
            <li key={team.id}>
              <TeamCard team={team} />
            </li>
          ))}
        </ul>
      ) : null}
      <Pager
        page={page}
        pages={pages}
        to="/console/teams"
        filters={{ q: search.q, area: search.area }}
      />
    </div>
  );
}

const teamAnchor = (teamId: number) => `team-${teamId}`;
const teamSummaryId = (teamId: number) => `team-${teamId}-summary`;
const CREATE_TEAM_ID = 'create-team';

/**
 * The teams of this page by name: following one opens that team and puts focus on it, however
 * far down the page it is.
 */
function JumpToTeam({ teams }: { teams: readonly ConsoleTeam[] }) {
  function open(event: MouseEvent<HTMLAnchorElement>, teamId: number) {
    const details = document.getElementById(teamAnchor(teamId));
    if (!(details instanceof HTMLDetailsElement)) return;
    // Done here rather than by the browser's own jump to the fragment: that would scroll to a
    // closed team and leave focus where it was. Focus scrolls the team into view, clear of the
    // sticky header (the summary's scroll margin).
    event.preventDefault();
    details.open = true;
    details.querySelector('summary')?.focus();
  }
  return (
    <nav aria-label="Jump to a team" className={styles.jump}>
      <h2 className={ui.h3}>Jump to a team</h2>
      <ul className={styles.jumpList}>
        {teams.map((team) => (
          <li key={team.id}>
            <a
              href={`#${teamAnchor(team.id)}`}
              className={styles.jumpLink}
              onClick={(event) => open(event, team.id)}
            >
              {team.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The seats in a few words, for the line a closed team shows. */
function seatsLine(team: ConsoleTeam): string {
  return team.openSeats === 0
    ? `Full (${seats(team.capacity)})`
    : `${team.openSeats} of ${seats(team.capacity)} open`;
}

/**
 * One team, closed to its summary line (name, area and role, open seats) until an operator opens
 * it for its members and capacity: a page of teams stays a few screens long on a phone.
 */
function TeamCard({ team }: { team: ConsoleTeam }) {
  const titleId = useId();
  return (
    <article className={`${ui.card} ${styles.team}`} aria-labelledby={titleId}>
      <details id={teamAnchor(team.id)} className={styles.teamDetails}>
        <summary id={teamSummaryId(team.id)} className={styles.teamSummary}>
          <h2 id={titleId} className={`${ui.h3} ${styles.teamName}`}>
            {team.name}
          </h2>
          <span className={styles.teamLine}>
            <span className={layout.muted}>
              {team.focusArea?.name ?? 'No focus area'}, {team.role?.name ?? 'any role'}
            </span>
            <span className={team.openSeats === 0 ? styles.overdue : styles.term}>
              {seatsLine(team)}
            </span>
          </span>
        </summary>
        <div className={`${ui.stack} ${styles.teamBody}`}>
          <Facts
            facts={[
              ['Focus area', team.focusArea?.name ?? 'None'],
              ['Role', team.role?.name ?? 'Any role'],
              ['Capacity', seats(team.capacity)],
              [
                'Taken',
                `${team.active} Active, ${team.pending} Pending, ${team.liveHolds} held now`,
              ],
              [
                'Open',
                team.openSeats === 0 ? 'Full' : seats(team.openSeats),
                team.openSeats === 0 ? styles.overdue : undefined,
              ],
            ]}
          />
          <p>
            <Link to="/console/teams/$teamId/call" params={{ teamId: String(team.id) }}>
              Weekly calls <span className={layout.visuallyHidden}>of {team.name}</span>
            </Link>
          </p>
          <section aria-label={`Members of ${team.name}`} className={ui.stack}>
            <h3 className={ui.h3}>Members</h3>
            {team.members.length === 0 ? (
              <p className={layout.muted}>Nobody yet.</p>
            ) : (
              <ul className={styles.members}>
                {team.members.map((member) => (
                  <li key={member.id} className={styles.member}>
                    <span>{member.name}</span>
                    <span className={member.status === 'Active' ? styles.active : styles.pending}>
                      {member.status}
                    </span>
                    <span className={`${layout.muted} ${styles.email}`}>{member.email}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <EditCapacity team={team} />
        </div>
      </details>
    </article>
  );
}

function EditCapacity({ team }: { team: ConsoleTeam }) {
  const id = useId();
  const fields = { capacity: { id: `${id}-capacity`, label: 'Capacity' } } as const;
  const form = useForm(fields);
  const [capacity, setValue] = useState(String(team.capacity));
  const seated = team.active + team.pending;
  const onSave = useSubmit(form, {
    schema: CapacityForm,
    values: { capacity: capacity === '' ? undefined : capacity },
    send: (values) => setCapacity(team.id, values.capacity),
    toast: (values) => ({ title: `${team.name}: capacity ${seats(values.capacity)}` }),
    reload: true,
  });

  return (
    <form noValidate onSubmit={onSave} className={ui.stack} aria-label={`Capacity of ${team.name}`}>
      <ErrorSummary errors={form.errors} attempt={form.attempt} />
      <div className={styles.actions}>
        <Field
          {...form.field('capacity')}
          type="number"
          min={Math.max(1, seated)}
          max={TEAM_CAPACITY_MAX}
          hint={`At least ${Math.max(1, seated)} (its Active and Pending), at most ${TEAM_CAPACITY_MAX}.`}
          value={capacity}
          onChange={setValue}
        />
        <SubmitButton pending={form.pending} variant="secondary">
          Save capacity <span className={layout.visuallyHidden}>of {team.name}</span>
        </SubmitButton>
      </div>
    </form>
  );
}

function Select({
  id,
  label,
  value,
  onChange,
  error,
  children,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={fieldStyles.root}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      {error ? (
        <p id={`${id}-error`} className={fieldStyles.error}>
          {error}
        </p>
      ) : null}
      <select
        id={id}
        className={fieldStyles.control}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        {children}
      </select>
    </div>
  );
}

function NewTeam({ focusAreas }: { focusAreas: TeamsData['focusAreas'] }) {
  const id = useId();
  const fields = {
    name: { id: `${id}-name`, label: 'Team name' },
    focusAreaId: { id: `${id}-area`, label: 'Focus area' },
    focusRoleId: { id: `${id}-role`, label: 'Role' },
    capacity: { id: `${id}-capacity`, label: 'Capacity' },
  } as const;
  const form = useForm(fields);
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [areaId, setAreaId] = useState('');
  const [roleId, setRoleId] = useState('');
  const [capacity, setCapacity] = useState(String(TEAM_CAPACITY_DEFAULT));
  const area = focusAreas.find((a) => String(a.id) === areaId);

  function close() {
    setOpen(false);
    setName('');
    setAreaId('');
    setRoleId('');
    setCapacity(String(TEAM_CAPACITY_DEFAULT));
    form.clear();
  }

  const onCreate = useSubmit(form, {
    schema: NewTeamForm,
    values: {
      name,
      focusAreaId: areaId === '' ? undefined : areaId,
      // Left empty for an area with roles, the server says so at the field.
      focusRoleId: roleId,
      capacity: capacity === '' ? undefined : capacity,
    },
    send: createTeam,
    toast: (values) => ({ title: `Team ${values.name} created` }),
    done: close,
    reload: true,
    // The new team's line when it is on this page (oldest first, it may be on the last), else
    // the button that opens the form again.
    focus: (_, team) => [teamSummaryId(team.id), CREATE_TEAM_ID],
  });

  if (!open) {
    return (
      <p>
        <button
          id={CREATE_TEAM_ID}
          type="button"
          className={button.primary}
          onClick={() => setOpen(true)}
        >
          Create a team
        </button>
      </p>
    );
  }
  return (
    <section className={ui.card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={ui.h2}>
        Create a team
      </h2>
      <form noValidate onSubmit={onCreate} className={ui.stack} aria-label="Create a team">
        <ErrorSummary errors={form.errors} attempt={form.attempt} />
        <Field {...form.field('name')} value={name} onChange={setName} maxLength={80} />
        <Select
          {...fields.focusAreaId}
          value={areaId}
          onChange={(value) => {
            setAreaId(value);
            setRoleId('');
          }}
          error={form.errorOf('focusAreaId')}
        >
          <option value="">Choose a focus area</option>
          {focusAreas.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </Select>
        <Select
          {...fields.focusRoleId}
          value={roleId}
          onChange={setRoleId}
          error={form.errorOf('focusRoleId')}
        >
          {area && area.roles.length === 0 ? (
            <option value="">Any role (this area has none)</option>
          ) : (
            <option value="">{area ? 'Choose a role' : 'Choose a focus area first'}</option>
          )}
          {(area?.roles ?? []).map((role) => (
            <option key={role.id} value={role.id}>
              {role.name}
            </option>
          ))}
        </Select>
        <Field
          {...form.field('capacity')}
          type="number"
          min={1}
          max={TEAM_CAPACITY_MAX}
          hint={`Seats on the team, 1 to ${TEAM_CAPACITY_MAX}.`}
          value={capacity}
          onChange={setCapacity}
        />
        <div className={styles.actions}>
          <SubmitButton pending={form.pending}>Create team</SubmitButton>
          <button type="button" className={button.secondary} onClick={close}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}
