import { membershipMachine } from '@app/membership';
import { activeStateIds, GUARD_WORDS } from '@app/statechart-tools';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { pageTitle } from '../components/usePageTitle.ts';
import { Canvas, type CanvasApi } from './Canvas.tsx';
import { ChartTools } from './ChartTools.tsx';
import { ListPanel } from './ListPanel.tsx';
import {
  homeOffers,
  initialMembership,
  MEMBERSHIP_CHART_STATES,
  MEMBERSHIP_GRAPH,
  MEMBERSHIP_TITLE,
  MEMBERSHIP_VIEW,
  type MembershipChoice,
  type MembershipSnapshot,
  type MembershipStep,
  membershipAt,
  membershipChoices,
  membershipHash,
  membershipLeaf,
  membershipStateFromHash,
  searchMembership,
  stepMembership,
} from './membershipView.ts';
import { Search } from './Search.tsx';
import { SimulationSteps } from './SimulationSteps.tsx';
import * as styles from './StatechartPage.css.ts';
import { Swatch } from './Swatch.tsx';

const PAGE_TITLE = pageTitle(MEMBERSHIP_TITLE);

type PanelKey = 'simulate' | 'legend' | 'list';
const PANELS: { key: PanelKey; label: string }[] = [
  { key: 'simulate', label: 'Simulate' },
  { key: 'legend', label: 'Legend' },
  { key: 'list', label: 'List' },
];

const LIST_CHART = {
  graph: MEMBERSHIP_GRAPH,
  states: MEMBERSHIP_CHART_STATES,
  hash: membershipHash,
};

/**
 * The membership's chart in the studio: every state and transition of the machine, searchable and
 * linkable (`/statechart?chart=membership#left`), with a sandbox stepping the real machine and what
 * the member's home offers in each state, a legend, the list and the exports.
 */
export function MembershipStudio({ chooser }: { chooser: ReactNode }) {
  const canvas = useRef<CanvasApi>(null);
  const [zoom, setZoom] = useState(1);
  const [toolsOpen, setToolsOpen] = useState(false);
  const [panel, setPanel] = useState<PanelKey | null>('simulate');
  const [selected, setSelected] = useState<string | null>(null);
  const [start, setStart] = useState<MembershipSnapshot>(initialMembership);
  const [history, setHistory] = useState<MembershipStep[]>([]);
  const snapshot = history.at(-1)?.after ?? start;
  const active = useMemo(() => activeStateIds(MEMBERSHIP_GRAPH, snapshot.value), [snapshot]);

  useEffect(() => {
    document.title = PAGE_TITLE;
  }, []);

  const onZoom = useCallback((scale: number) => setZoom(scale), []);

  /** Puts the sandbox at a state and shows it. */
  const selectState = useCallback((id: string, options: { pan?: boolean } = {}) => {
    setSelected(id);
    setPanel((open) => open ?? 'simulate');
    const at = membershipAt(id);
    if (at !== null) {
      setStart(at);
      setHistory([]);
    }
    const hash = `#${membershipHash(id)}`;
    if (window.location.hash !== hash) window.history.replaceState(window.history.state, '', hash);
    if (options.pan !== false) requestAnimationFrame(() => canvas.current?.goTo(id, 1));
  }, []);

  // A link to a state (`?chart=membership#left`) opens the chart on it.
  useEffect(() => {
    const open = () => {
      const id = membershipStateFromHash(window.location.hash);
      if (id !== null) selectState(id);
    };
    open();
    window.addEventListener('hashchange', open);
    return () => window.removeEventListener('hashchange', open);
  }, [selectState]);

  const act = (choice: MembershipChoice) => {
    const taken = stepMembership(snapshot, choice);
    setHistory((steps) => [...steps, taken]);
    setSelected(null);
    requestAnimationFrame(() => canvas.current?.goTo(membershipLeaf(taken.after), 0));
  };

  const goToCurrent = () => canvas.current?.goTo(membershipLeaf(snapshot), 1);
  const taken = useMemo(() => new Set(history.at(-1)?.taken ?? []), [history]);

  return (
    <div className={styles.studio}>
      <div className={styles.toolbar} data-tools={toolsOpen ? 'open' : 'closed'}>
        <h1 className={styles.heading}>{MEMBERSHIP_TITLE}</h1>
        {chooser}
        <button
          type="button"
          className={`${styles.tool} ${styles.toolsToggle}`}
          aria-expanded={toolsOpen}
          onClick={() => setToolsOpen((open) => !open)}
        >
          Tools
        </button>
        <Search
          onPick={(id) => selectState(id)}
          search={searchMembership}
          label="Find a membership state"
        />
        <ChartTools
          canvas={canvas}
          zoom={zoom}
          goToCurrent={goToCurrent}
          view={MEMBERSHIP_VIEW}
          machine={membershipMachine}
          panels={PANELS}
          panel={panel}
          onPanel={setPanel}
        />
      </div>
      <div className={styles.body}>
        <Canvas
          ref={canvas}
          scene={MEMBERSHIP_VIEW.scene}
          title={MEMBERSHIP_VIEW.title}
          description={MEMBERSHIP_VIEW.description}
          active={active}
          selected={selected}
          taken={taken}
          coverage={null}
          onSelect={(id) => selectState(id, { pan: false })}
          onZoom={onZoom}
        />
        {panel === null ? null : (
          <section
            id="studio-panel"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: the panel scrolls, and a panel of plain text must still scroll by keyboard (WCAG 2.1.1)
            tabIndex={0}
            className={styles.panel}
            aria-label={PANELS.find((item) => item.key === panel)?.label}
          >
            {panel === 'simulate' ? (
              <MembershipSimulation
                snapshot={snapshot}
                history={history}
                onAct={act}
                onUndo={() => setHistory((steps) => steps.slice(0, -1))}
                onReset={() => {
                  setStart(initialMembership());
                  setHistory([]);
                  setSelected(null);
                }}
              />
            ) : null}
            {panel === 'legend' ? <MembershipLegend /> : null}
            {panel === 'list' ? (
              <ListPanel active={active} coverageFile={null} chart={LIST_CHART} />
            ) : null}
          </section>
        )}
      </div>
    </div>
  );
}

function MembershipSimulation({
  snapshot,
  history,
  onAct,
  onUndo,
  onReset,
}: {
  snapshot: MembershipSnapshot;
  history: MembershipStep[];
  onAct: (choice: MembershipChoice) => void;
  onUndo: () => void;
  onReset: () => void;
}) {
  const choices = membershipChoices(snapshot);
  const leaf = membershipLeaf(snapshot);
  const title = MEMBERSHIP_CHART_STATES.get(leaf)?.title;
  const offers = homeOffers(snapshot);
  const groups = [
    { title: 'What the person does', items: choices.filter((choice) => choice.byMember) },
    {
      title: 'What an operator does, or time makes true',
      items: choices.filter((choice) => !choice.byMember),
    },
  ];
  return (
    <>
      <div className={styles.section}>
        <h2 className={styles.sectionTitle}>Simulation</h2>
        <p className={styles.muted}>
          A sandbox copy of the machine: nothing is sent to the tracker. Choose a state on the chart
          to start from it.
        </p>
        <dl className={styles.facts}>
          <dt className={styles.term}>State</dt>
          <dd className={`${styles.value} ${styles.code}`} data-testid="sim-state">
            {leaf}
          </dd>
          <dt className={styles.term}>Title</dt>
          <dd className={styles.value}>{title ?? '–'}</dd>
          <dt className={styles.term}>The home offers</dt>
          <dd className={`${styles.value} ${styles.code}`}>
            {offers.length === 0 ? 'nothing' : offers.join(', ')}
          </dd>
        </dl>
        <SimulationSteps steps={history.length} onUndo={onUndo} onReset={onReset} />
      </div>
      {groups.map((group) =>
        group.items.length === 0 ? null : (
          <div key={group.title} className={styles.section}>
            <h3 className={styles.sectionTitle}>{group.title}</h3>
            <ul className={styles.plainList}>
              {group.items.map((choice) => (
                <li key={choice.label}>
                  <button type="button" className={styles.choice} onClick={() => onAct(choice)}>
                    <span>{choice.label}</span>
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ),
      )}
      {choices.length === 0 ? (
        <p className={styles.muted}>An end state: nothing leaves it. Undo or reset to go on.</p>
      ) : null}
      <div className={styles.section}>
        <h3 className={styles.sectionTitle}>Event log</h3>
        {history.length === 0 ? (
          <p className={styles.muted}>Nothing yet.</p>
        ) : (
          <ol className={styles.log} aria-label="Event log">
            {history.map((item, position) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the log only grows or loses its last entries, so a position names one entry
              <li key={position}>
                {item.label} → {membershipLeaf(item.after)}
              </li>
            ))}
          </ol>
        )}
      </div>
    </>
  );
}

function MembershipLegend() {
  const guards = Object.keys(membershipMachine.implementations.guards);
  return (
    <div className={styles.section}>
      <h2 className={styles.sectionTitle}>Legend</h2>
      <ul className={styles.legend}>
        <li>A box is a state, its title under its name; a grey box holds states.</li>
        <li>A double box is an end state; a dot points at the state entered first.</li>
        <li>
          An arrow is a transition, labelled “event [guard]”: it is taken only when the guard in
          brackets is true; “otherwise” means when the ones before it are not.
        </li>
        <li>
          The events that stand for time passing (decision.settle, pause.lapse, quiet.start,
          quiet.list) or for an answer (quiet.end) are what the tracker&apos;s rows show once it has
          happened.
        </li>
        <li>
          <Swatch className={styles.edgeFromActive} /> leaves the current state;{' '}
          <Swatch className={styles.edgeTaken} /> just taken
        </li>
      </ul>
      <h3 className={styles.sectionTitle}>Guards</h3>
      <dl className={styles.facts}>
        {guards.map((name) => (
          <GuardRow key={name} name={name} />
        ))}
      </dl>
    </div>
  );
}

function GuardRow({ name }: { name: string }) {
  const words = GUARD_WORDS[name];
  return (
    <>
      <dt className={styles.term}>
        {words?.name ?? name} <span className={styles.code}>({name})</span>
      </dt>
      <dd className={styles.value}>{words?.description ?? ''}</dd>
    </>
  );
}
