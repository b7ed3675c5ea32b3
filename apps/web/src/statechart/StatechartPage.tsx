import {
  activeStateIds,
  type ChartState,
  CLOCK_GUARD_AFTER,
  duration,
  GUARD_WORDS,
  type OnboardingSnapshot,
  onboardingMachine,
  SNAPSHOT_STORAGE_KEY,
  selectHold,
  stateToRoute,
} from '@app/onboarding';
import {
  type ChangeEvent,
  type KeyboardEvent,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { pageTitle } from '../components/usePageTitle.ts';
import { Screen } from '../onboarding/Screen.tsx';
import { Canvas, type CanvasApi, type CoverageClass, MAX_ZOOM, MIN_ZOOM } from './Canvas.tsx';
import { type CoverageFile, coverageOfView, levelsOf, parseCoverage } from './coverage.ts';
import { downloadMermaid, downloadPng, downloadSvg } from './exportChart.ts';
import { type Followed, useFollowedOnboarding, useNow } from './liveOnboarding.ts';
import { ScreenFrame } from './ScreenFrame.tsx';
import * as styles from './StatechartPage.css.ts';
import {
  choicesFor,
  initialSnapshot,
  leafTitle,
  type PathTo,
  type SimChoice,
  type SimStep,
  shortestPaths,
  step,
} from './sandbox.ts';
import {
  type ChartView,
  collapsedView,
  MACHINE_GRAPH,
  STATES,
  searchStates,
  shownIn,
  stateFromHash,
  stateHash,
  VIEWS,
  type ViewKey,
} from './views.ts';

export const STUDIO_TITLE = 'Onboarding statechart';
const PAGE_TITLE = pageTitle(STUDIO_TITLE);

type PanelKey = 'simulate' | 'gallery' | 'live' | 'coverage' | 'legend' | 'list';
const PANELS: { key: PanelKey; label: string }[] = [
  { key: 'simulate', label: 'Simulate' },
  { key: 'gallery', label: 'Gallery' },
  { key: 'live', label: 'Live' },
  { key: 'coverage', label: 'Coverage' },
  { key: 'legend', label: 'Legend' },
  { key: 'list', label: 'List' },
];

/** Shortest paths to every state: computed once, the first time the studio needs them. */
let pathCache: Map<string, PathTo> | null = null;
function pathsToStates(): Map<string, PathTo> {
  pathCache ??= shortestPaths();
  return pathCache;
}

/** Screen states, in the order the machine defines them: the gallery's thumbnails. */
const SCREEN_STATES = MACHINE_GRAPH.states.filter((state) => state.route !== null);

function takenEdges(view: ChartView, taken: readonly string[]): Set<string> {
  const edges = new Set<string>();
  for (const edge of view.graph.edges) {
    const members = view.folded[edge.transition] ?? [];
    if (members.some((member) => taken.includes(member))) edges.add(edge.id);
  }
  return edges;
}

export function StatechartPage() {
  const canvas = useRef<CanvasApi>(null);
  const [viewKey, setViewKey] = useState<ViewKey>('screens');
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [laidOut, setLaidOut] = useState<ChartView | null>(null);
  const view =
    viewKey === 'machine' && collapsed.size > 0 && laidOut !== null ? laidOut : VIEWS[viewKey];

  useEffect(() => {
    if (collapsed.size === 0) {
      setLaidOut(null);
      return;
    }
    let current = true;
    void collapsedView(collapsed).then((next) => {
      if (current) setLaidOut(next);
    });
    return () => {
      current = false;
    };
  }, [collapsed]);
  const [zoom, setZoom] = useState(1);
  const [toolsOpen, setToolsOpen] = useState(false);
  const [panel, setPanel] = useState<PanelKey | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [history, setHistory] = useState<SimStep[]>([]);
  const [start, setStart] = useState<OnboardingSnapshot>(initialSnapshot);
  const [flash, setFlash] = useState<{ taken: string[]; key: number }>({ taken: [], key: 0 });
  const [coverageFile, setCoverageFile] = useState<CoverageFile | null>(null);
  const [showCoverage, setShowCoverage] = useState(false);
  const followed = useFollowedOnboarding(MACHINE_GRAPH);

  const snapshot = history.at(-1)?.after ?? start;
  const following = panel === 'live' && (followed.live.running || followed.ended !== null);
  const active: ReadonlySet<string> = following
    ? (followed.ended?.active ?? (followed.live.running ? followed.live.active : new Set<string>()))
    : activeStateIds(MACHINE_GRAPH, snapshot.value);

  // The previews' screens set the document title as the app does; the studio keeps its own.
  useEffect(() => {
    document.title = PAGE_TITLE;
    const observer = new MutationObserver(() => {
      if (document.title !== PAGE_TITLE) document.title = PAGE_TITLE;
    });
    observer.observe(document.head, { subtree: true, childList: true, characterData: true });
    return () => observer.disconnect();
  }, []);

  const onZoom = useCallback((scale: number) => setZoom(scale), []);

  /** Puts the simulator on the shortest path to a state and shows it. */
  const selectState = useCallback((id: string, options: { pan?: boolean } = {}) => {
    setSelected(id);
    setPanel((open) => (open === null || open === 'gallery' ? 'simulate' : open));
    const path = pathsToStates().get(id);
    if (path !== undefined) {
      setStart(initialSnapshot());
      setHistory(path.steps);
      setFlash((previous) => ({ taken: [], key: previous.key + 1 }));
    }
    const hash = `#${stateHash(id)}`;
    if (window.location.hash !== hash) window.history.replaceState(window.history.state, '', hash);
    if (options.pan !== false) {
      requestAnimationFrame(() => {
        const drawn = shownIn(VIEWS.screens, id) ?? id;
        canvas.current?.goTo(drawn, 1);
      });
    }
  }, []);

  // A link to a state (`/statechart#intro`) opens the studio on it, now and when the hash changes.
  useEffect(() => {
    const open = () => {
      const id = stateFromHash(window.location.hash);
      if (id === null) return;
      if (shownIn(VIEWS.screens, id) !== id) setViewKey('machine');
      selectState(id);
    };
    open();
    window.addEventListener('hashchange', open);
    return () => window.removeEventListener('hashchange', open);
  }, [selectState]);

  const act = (choice: SimChoice) => {
    const taken = step(snapshot, choice.event, choice.label);
    setHistory((steps) => [...steps, taken]);
    setFlash((previous) => ({ taken: taken.taken, key: previous.key + 1 }));
    setSelected(null);
    // Keep the state the machine moved to in view: the step, or the hold when only it moved (the
    // clock jumps).
    const stepMoved = leafTitle(taken.before) !== leafTitle(taken.after);
    const holdLeaf = (taken.after._nodes ?? [])
      .filter(
        (node) => node.type === 'atomic' && node.path[0] === 'matched' && node.path[1] === 'hold',
      )
      .map((node) => node.path.join('.'))[0];
    const holdMoved =
      holdLeaf !== undefined &&
      !(taken.before._nodes ?? []).some((node) => node.path.join('.') === holdLeaf);
    const target = shownIn(view, !stepMoved && holdMoved ? holdLeaf : leafTitle(taken.after));
    if (target !== null) requestAnimationFrame(() => canvas.current?.goTo(target, 0));
  };

  const undo = () => setHistory((steps) => steps.slice(0, -1));
  const reset = () => {
    setStart(initialSnapshot());
    setHistory([]);
    setSelected(null);
  };

  const goToCurrent = () => {
    const leaves = [...active].filter((id) => {
      const state = STATES.get(id);
      return state !== undefined && !state.children.some((child) => active.has(child));
    });
    const target = leaves
      .map((id) => shownIn(view, id))
      .find((id): id is string => id !== null && !id.startsWith('matched.hold'));
    if (target !== undefined) canvas.current?.goTo(target, 1);
  };

  const coverage: ReadonlyMap<string, CoverageClass> | null = useMemo(
    () => (showCoverage && coverageFile !== null ? coverageOfView(view, coverageFile) : null),
    [showCoverage, coverageFile, view],
  );

  const taken = useMemo(() => takenEdges(view, flash.taken), [view, flash.taken]);
  const selectedShown = selected === null ? null : shownIn(view, selected);

  const viewControls =
    viewKey === 'machine' ? (
      <>
        <button
          type="button"
          className={styles.tool}
          disabled={
            selected === null ||
            (STATES.get(selected)?.children.length ?? 0) === 0 ||
            collapsed.has(selected)
          }
          onClick={() => {
            if (selected !== null) setCollapsed((set) => new Set([...set, selected]));
          }}
        >
          Collapse
        </button>
        <button
          type="button"
          className={styles.tool}
          disabled={collapsed.size === 0}
          onClick={() => setCollapsed(new Set())}
        >
          Expand all
        </button>
      </>
    ) : undefined;

  return (
    <div className={styles.studio}>
      <div className={styles.toolbar} data-tools={toolsOpen ? 'open' : 'closed'}>
        <h1 className={styles.heading}>{STUDIO_TITLE}</h1>
        <fieldset className={styles.group} aria-label="View">
          {(['screens', 'machine'] as const).map((key) => (
            <button
              key={key}
              type="button"
              className={styles.tool}
              aria-pressed={viewKey === key}
              onClick={() => setViewKey(key)}
            >
              {VIEWS[key].label}
            </button>
          ))}
        </fieldset>
        <button
          type="button"
          className={`${styles.tool} ${styles.toolsToggle}`}
          aria-expanded={toolsOpen}
          onClick={() => setToolsOpen((open) => !open)}
        >
          Tools
        </button>
        <Search
          onPick={(id) => {
            if (shownIn(view, id) === null) setViewKey('machine');
            selectState(id);
          }}
        />
        <div className={`${styles.group} ${styles.collapsible}`}>
          <button
            type="button"
            className={styles.tool}
            onClick={() => canvas.current?.zoomBy(0.8)}
            disabled={zoom <= MIN_ZOOM + 0.001}
            aria-label="Zoom out"
          >
            −
          </button>
          <output className={styles.zoomText} aria-label="Zoom">
            {Math.round(zoom * 100)}%
          </output>
          <button
            type="button"
            className={styles.tool}
            onClick={() => canvas.current?.zoomBy(1.25)}
            disabled={zoom >= MAX_ZOOM - 0.001}
            aria-label="Zoom in"
          >
            +
          </button>
          <button type="button" className={styles.tool} onClick={() => canvas.current?.fit()}>
            Fit
          </button>
          <button type="button" className={styles.tool} onClick={goToCurrent}>
            Go to current
          </button>
        </div>
        <fieldset className={`${styles.group} ${styles.collapsible}`} aria-label="Export">
          <button
            type="button"
            className={styles.tool}
            onClick={() => downloadSvg(view)}
            aria-label="Export SVG"
          >
            SVG
          </button>
          <button
            type="button"
            className={styles.tool}
            onClick={() => void downloadPng(view)}
            aria-label="Export PNG"
          >
            PNG
          </button>
          <button
            type="button"
            className={styles.tool}
            onClick={downloadMermaid}
            aria-label="Export Mermaid"
          >
            Mermaid
          </button>
        </fieldset>
        <fieldset className={`${styles.group} ${styles.push}`} aria-label="Panels">
          {PANELS.map((item) => (
            <button
              key={item.key}
              type="button"
              className={styles.tool}
              aria-pressed={panel === item.key}
              aria-controls={panel === item.key ? 'studio-panel' : undefined}
              onClick={() => setPanel((open) => (open === item.key ? null : item.key))}
            >
              {item.label}
            </button>
          ))}
        </fieldset>
      </div>
      <div className={styles.body}>
        <Canvas
          ref={canvas}
          scene={view.scene}
          title={view.title}
          description={view.description}
          active={active}
          ended={following && followed.ended !== null}
          selected={selectedShown}
          taken={taken}
          coverage={coverage}
          onSelect={(id) => selectState(id, { pan: false })}
          onZoom={onZoom}
          controls={viewControls}
        />
        {panel === null ? null : (
          <section
            id="studio-panel"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: the panel scrolls, and a panel of plain text must still scroll by keyboard (WCAG 2.1.1)
            tabIndex={0}
            className={`${styles.panel} ${panel === 'gallery' || panel === 'simulate' ? styles.panelWide : ''}`}
            aria-label={PANELS.find((item) => item.key === panel)?.label}
          >
            {panel === 'simulate' ? (
              <SimulatePanel
                snapshot={snapshot}
                history={history}
                selected={selected}
                onAct={act}
                onUndo={undo}
                onReset={reset}
              />
            ) : null}
            {panel === 'gallery' ? <GalleryPanel onPick={(id) => selectState(id)} /> : null}
            {panel === 'live' ? <LivePanel followed={followed} /> : null}
            {panel === 'coverage' ? (
              <CoveragePanel
                file={coverageFile}
                shown={showCoverage}
                onLoad={(file) => {
                  setCoverageFile(file);
                  setShowCoverage(true);
                }}
                onShow={setShowCoverage}
              />
            ) : null}
            {panel === 'legend' ? <LegendPanel /> : null}
            {panel === 'list' ? (
              <ListPanel active={active} coverageFile={showCoverage ? coverageFile : null} />
            ) : null}
          </section>
        )}
      </div>
    </div>
  );
}

/* ------------------------------------------------------------------ */
/* Search                                                               */
/* ------------------------------------------------------------------ */

function Search({ onPick }: { onPick: (id: string) => void }) {
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [index, setIndex] = useState(0);
  const results = useMemo(() => searchStates(query).slice(0, 12), [query]);
  const pick = (id: string) => {
    onPick(id);
    setOpen(false);
    setQuery('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') setIndex((i) => Math.min(results.length - 1, i + 1));
    else if (event.key === 'ArrowUp') setIndex((i) => Math.max(0, i - 1));
    else if (event.key === 'Enter') {
      const result = results[index];
      if (result !== undefined) pick(result.id);
    } else if (event.key === 'Escape') setOpen(false);
    else return;
    event.preventDefault();
  };
  const listId = 'studio-search-results';
  const showing = open && results.length > 0;
  return (
    <div className={styles.search}>
      {/* type="text": HTML allows the combobox role on a text input, not on a search input. */}
      <input
        type="text"
        className={styles.searchInput}
        placeholder="Find a state or screen"
        aria-label="Find a state or screen"
        role="combobox"
        aria-expanded={showing}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showing ? `${listId}-${index}` : undefined}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
          setIndex(0);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
      />
      {showing ? (
        <div id={listId} role="listbox" aria-label="States found" className={styles.results}>
          {results.map((result, position) => (
            // biome-ignore lint/a11y/useFocusableInteractive: options of an aria-activedescendant combobox stay out of the tab order; the input moves through them
            // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's input handles the keys (arrows, Enter)
            <div
              key={result.id}
              id={`${listId}-${position}`}
              role="option"
              aria-selected={position === index}
              className={styles.result}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(result.id)}
            >
              {result.text}
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}

/* ------------------------------------------------------------------ */
/* Simulate                                                             */
/* ------------------------------------------------------------------ */

const CHOICE_GROUPS: { kind: SimChoice['kind']; title: string }[] = [
  { kind: 'action', title: 'What the prospect does' },
  { kind: 'call', title: 'How the calls answer' },
  { kind: 'clock', title: 'Clock' },
];

/** Opens the real onboarding in a new tab, restored at the simulated snapshot. */
function openInApp(snapshot: OnboardingSnapshot) {
  const persisted: unknown = onboardingMachine.getPersistedSnapshot(snapshot);
  if (typeof persisted !== 'object' || persisted === null || !('context' in persisted)) return;
  // The sandbox's clock is not the wall clock: keep the hold's time left as it is here.
  const shift = Date.now() - snapshot.context.now;
  const context = snapshot.context;
  const stored = {
    ...persisted,
    context: {
      ...context,
      now: context.now + shift,
      holdExpiresAt: context.holdExpiresAt === null ? null : context.holdExpiresAt + shift,
    },
  };
  try {
    window.localStorage.setItem(SNAPSHOT_STORAGE_KEY, JSON.stringify(stored));
  } catch {
    return;
  }
  window.open(stateToRoute(snapshot), '_blank', 'noopener');
}

function SimulatePanel({
  snapshot,
  history,
  selected,
  onAct,
  onUndo,
  onReset,
}: {
  snapshot: OnboardingSnapshot;
  history: SimStep[];
  selected: string | null;
  onAct: (choice: SimChoice) => void;
  onUndo: () => void;
  onReset: () => void;
}) {
  const choices = useMemo(() => choicesFor(snapshot), [snapshot]);
  const busy = snapshot.hasTag('busy');
  const ended = snapshot.status !== 'active';
  const current = leafTitle(snapshot);
  const selectedState = selected === null ? undefined : STATES.get(selected);
  return (
    <>
      <div className={styles.section}>
        <h2 className={styles.sectionTitle}>Simulation</h2>
        <p className={styles.muted}>
          A sandbox copy of the machine: no calls are made and time moves only when you move it.
        </p>
        {selectedState === undefined ? null : (
          <p className={styles.muted}>
            Selected: <span className={styles.code}>{selectedState.id}</span>
            {selectedState.title === null ? null : <> ({selectedState.title})</>}, reached by the
            shortest path below.
          </p>
        )}
        <dl className={styles.facts}>
          <dt className={styles.term}>State</dt>
          <dd className={`${styles.value} ${styles.code}`} data-testid="sim-state">
            {current}
          </dd>
          <dt className={styles.term}>Route</dt>
          <dd className={`${styles.value} ${styles.code}`}>{stateToRoute(snapshot)}</dd>
          <dt className={styles.term}>Hold</dt>
          <dd className={styles.value}>{holdText(snapshot)}</dd>
        </dl>
        <div className={styles.group}>
          <button
            type="button"
            className={styles.tool}
            onClick={onUndo}
            disabled={history.length === 0}
          >
            Undo
          </button>
          <button
            type="button"
            className={styles.tool}
            onClick={onReset}
            disabled={history.length === 0}
          >
            Reset
          </button>
          <button
            type="button"
            className={styles.tool}
            onClick={() => openInApp(snapshot)}
            disabled={busy || ended}
            title={
              busy ? 'A call is in flight here: the app never stores such a moment' : undefined
            }
          >
            Open in the app
          </button>
        </div>
      </div>
      <div className={styles.section}>
        <h3 className={styles.sectionTitle}>The real screen</h3>
        <ScreenPreviews snapshot={snapshot} />
      </div>
      {CHOICE_GROUPS.map((group) => {
        const items = choices.filter((choice) => choice.kind === group.kind);
        if (items.length === 0) return null;
        return (
          <div key={group.kind} className={styles.section}>
            <h3 className={styles.sectionTitle}>{group.title}</h3>
            <ul className={styles.plainList}>
              {items.map((choice) => (
                <li key={JSON.stringify(choice.event)}>
                  <button type="button" className={styles.choice} onClick={() => onAct(choice)}>
                    <span>{choice.label}</span>
                    <span className={styles.choiceOutcome}>{choice.outcome}</span>
                    {choice.guards.map((guard) => (
                      <span key={guard.guard} className={guard.passes ? styles.pass : styles.fail}>
                        {guard.passes ? '✓' : '✗'} {guard.guard}
                      </span>
                    ))}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
      {ended ? (
        <p className={styles.muted}>The flow has ended here. Undo or reset to go on.</p>
      ) : null}
      <div className={styles.section}>
        <h3 className={styles.sectionTitle}>Event log</h3>
        {history.length === 0 ? (
          <p className={styles.muted}>Nothing yet: the machine is at its start.</p>
        ) : (
          <ol className={styles.log} aria-label="Event log">
            {history.map((item, position) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the log only grows or loses its last entries, so a position names one entry
              <li key={position}>
                {item.label} → {leafTitle(item.after)}
                {item.effects.length > 0 ? ` (${item.effects.join('; ')})` : ''}
              </li>
            ))}
          </ol>
        )}
      </div>
    </>
  );
}

function holdText(snapshot: OnboardingSnapshot): string {
  const hold = selectHold(snapshot);
  if (hold.status === 'none') return 'No slot held';
  const status = hold.status === 'ending' ? 'ending (more time offered)' : hold.status;
  return `${status}, ${hold.countdown} left`;
}

const NOOP = () => undefined;

function ScreenPreviews({ snapshot }: { snapshot: OnboardingSnapshot }) {
  const title = leafTitle(snapshot);
  return (
    <div className={styles.frames}>
      <figure className={styles.frameBox}>
        <ScreenFrame width={360} height={720} scale={0.5} title={`The screen at 360 px: ${title}`}>
          <Screen snapshot={snapshot} send={NOOP} />
        </ScreenFrame>
        <figcaption className={styles.muted}>360 px wide</figcaption>
      </figure>
      <figure className={styles.frameBox}>
        <ScreenFrame
          width={1280}
          height={1000}
          scale={0.34}
          title={`The screen at 1280 px: ${title}`}
        >
          <Screen snapshot={snapshot} send={NOOP} />
        </ScreenFrame>
        <figcaption className={styles.muted}>1280 px wide</figcaption>
      </figure>
    </div>
  );
}

/* ------------------------------------------------------------------ */
/* Gallery                                                              */
/* ------------------------------------------------------------------ */

function GalleryPanel({ onPick }: { onPick: (id: string) => void }) {
  const paths = pathsToStates();
  return (
    <div className={styles.section}>
      <h2 className={styles.sectionTitle}>Gallery of screens</h2>
      <p className={styles.muted}>
        Each screen state as the app draws it at 360 px, reached by the machine's shortest path.
        Choose one to select it on the diagram.
      </p>
      <ul className={styles.gallery}>
        {SCREEN_STATES.map((state) => {
          const path = paths.get(state.id);
          return (
            <li key={state.id}>
              <button type="button" className={styles.thumb} onClick={() => onPick(state.id)}>
                <span>
                  {state.title} <span className={styles.code}>({state.key})</span>
                </span>
                {path === undefined ? (
                  <span className={styles.muted}>Not reachable by the model's events</span>
                ) : (
                  <ScreenFrame
                    width={360}
                    height={640}
                    scale={0.45}
                    title={`Thumbnail: ${state.title}`}
                  >
                    <Screen snapshot={path.snapshot} send={NOOP} />
                  </ScreenFrame>
                )}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/* ------------------------------------------------------------------ */
/* Live follow                                                          */
/* ------------------------------------------------------------------ */

/** Seconds without a word from the onboarding tab after which it may be gone. */
const SILENT_AFTER_SECONDS = 5;

function LivePanel({ followed }: { followed: Followed }) {
  const now = useNow();
  const { live, heardAt, ended, closed } = followed;
  const ago = heardAt === null ? null : Math.max(0, Math.round((now - heardAt) / 1000));
  let status: string;
  if (ended !== null) {
    status = `The onboarding ended at ${ended.route}; its final state stays highlighted.`;
  } else if (!live.running) {
    status = 'No onboarding is running in another tab of this browser.';
  } else if (closed) {
    status = 'The onboarding tab was closed (or left the flow). Its last state stays highlighted.';
  } else if (ago !== null && ago > SILENT_AFTER_SECONDS) {
    status = `Not heard from the onboarding tab for ${ago} s: it may be closed or asleep in the background.`;
  } else {
    status = `Following an onboarding in another tab, on “${live.screen?.title ?? 'a step without a screen'}”.`;
  }
  return (
    <div className={styles.section}>
      <h2 className={styles.sectionTitle}>Live onboarding</h2>
      <p role="status">{status}</p>
      {ago === null ? null : <p className={styles.muted}>Updated {ago} s ago.</p>}
      {live.running ? (
        <dl className={styles.facts}>
          <dt className={styles.term}>Route</dt>
          <dd className={`${styles.value} ${styles.code}`}>{live.route}</dd>
          <dt className={styles.term}>Slot hold</dt>
          <dd className={styles.value}>
            {live.hold.status === 'none'
              ? 'No slot held'
              : `${live.hold.status}, ${live.hold.countdown} left`}
          </dd>
        </dl>
      ) : (
        <p className={styles.muted}>
          Start one at{' '}
          <a href="/onboarding" target="_blank" rel="noopener">
            /onboarding
          </a>{' '}
          (opens in a new tab); while this panel is open, the diagram shows where it is.
        </p>
      )}
    </div>
  );
}

/* ------------------------------------------------------------------ */
/* Coverage                                                             */
/* ------------------------------------------------------------------ */

function CoveragePanel({
  file,
  shown,
  onLoad,
  onShow,
}: {
  file: CoverageFile | null;
  shown: boolean;
  onLoad: (file: CoverageFile) => void;
  onShow: (shown: boolean) => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const read = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    if (chosen === undefined) return;
    const parsed = parseCoverage(await chosen.text());
    if (typeof parsed === 'string') setError(parsed);
    else {
      setError(null);
      onLoad(parsed);
    }
  };
  return (
    <div className={styles.section}>
      <h2 className={styles.sectionTitle}>Coverage by the path suites</h2>
      {file === null ? (
        <p className={styles.warning} role="status">
          No coverage loaded. Run <span className={styles.code}>pnpm test:paths</span>: it writes{' '}
          <span className={styles.code}>reports/paths/coverage.json</span> at the repository's root.
          Then choose that file here.
        </p>
      ) : (
        <p role="status">
          Coverage of {file.generatedAt} ({file.levels.join(', ')}).
        </p>
      )}
      <label className={styles.section}>
        Coverage file (coverage.json)
        <input type="file" accept="application/json,.json" onChange={(event) => void read(event)} />
      </label>
      {error === null ? null : <p className={styles.warning}>{error}</p>}
      <label>
        <input
          type="checkbox"
          checked={shown && file !== null}
          disabled={file === null}
          onChange={(event) => onShow(event.target.checked)}
        />{' '}
        Colour the arrows by coverage
      </label>
      <ul className={styles.legend}>
        <li>
          <Swatch className={styles.coverage.all} /> taken at every level (
          {file?.levels.join(', ') ?? 'machine, jsdom, chromium'})
        </li>
        <li>
          <Swatch className={styles.coverage.some} /> taken at some levels only
        </li>
        <li>
          <Swatch className={styles.coverage.none} /> taken by no path
        </li>
      </ul>
    </div>
  );
}

function Swatch({ className }: { className: string }) {
  return (
    <svg width="36" height="10" className={styles.swatch} aria-hidden="true">
      <path d="M2 5H34" className={`${styles.edge} ${className}`} />
    </svg>
  );
}

/* ------------------------------------------------------------------ */
/* Legend                                                               */
/* ------------------------------------------------------------------ */

function LegendPanel() {
  const guards = Object.entries(GUARD_WORDS);
  const delays = Object.entries(onboardingMachine.implementations.delays).filter(
    (entry): entry is [string, number] => typeof entry[1] === 'number',
  );
  return (
    <div className={styles.section}>
      <h2 className={styles.sectionTitle}>Legend</h2>
      <ul className={styles.legend}>
        <li>A box is a state; a box with a title under its name is a screen a prospect sees.</li>
        <li>A double box is an end state; a dot points at the state entered first.</li>
        <li>A grey box holds states; a dashed box is a region that runs beside the others.</li>
        <li>
          An arrow is a transition, labelled “what happens [guard]”: it is taken only when the guard
          in brackets is true; “otherwise” means when the ones before it are not.
        </li>
        <li>
          <Swatch className={styles.edgeStyle.back} /> Go back (screens view)
        </li>
        <li>
          <Swatch className={styles.edgeStyle.expiry} /> the slot hold ran out: back to the team
          step (screens view)
        </li>
        <li>
          <Swatch className={styles.edgeFromActive} /> leaves the current state;{' '}
          <Swatch className={styles.edgeTaken} /> just taken
        </li>
        <li>
          “after” is time: {delays.map(([name, ms]) => `${name} after ${duration(ms)}`).join('; ')};{' '}
          {Object.entries(CLOCK_GUARD_AFTER)
            .map(([name, ms]) => `${GUARD_WORDS[name]?.name ?? name} after ${duration(ms)}`)
            .join('; ')}{' '}
          of the hold.
        </li>
      </ul>
      <h3 className={styles.sectionTitle}>Guards</h3>
      <dl className={styles.facts}>
        {guards.map(([name, words]) => (
          <GuardRow key={name} name={name} words={words} />
        ))}
      </dl>
    </div>
  );
}

function GuardRow({ name, words }: { name: string; words: { name: string; description: string } }) {
  return (
    <>
      <dt className={styles.term}>
        {words.name} <span className={styles.code}>({name})</span>
      </dt>
      <dd className={styles.value}>{words.description}</dd>
    </>
  );
}

/* ------------------------------------------------------------------ */
/* States list, for screen readers and keyboards                        */
/* ------------------------------------------------------------------ */

function ListPanel({
  active,
  coverageFile,
}: {
  active: ReadonlySet<string>;
  coverageFile: CoverageFile | null;
}) {
  const root = STATES.get(MACHINE_GRAPH.root);
  if (root === undefined) return null;
  return (
    <div className={styles.section}>
      <h2 className={styles.sectionTitle}>States and transitions</h2>
      <ul className={styles.list}>
        <StateItem state={root} active={active} coverageFile={coverageFile} />
      </ul>
    </div>
  );
}

function StateItem({
  state,
  active,
  coverageFile,
}: {
  state: ChartState;
  active: ReadonlySet<string>;
  coverageFile: CoverageFile | null;
}) {
  const isActive = active.has(state.id);
  const transitions = MACHINE_GRAPH.transitions.filter((t) => t.source === state.id);
  const children = state.children
    .map((id) => STATES.get(id))
    .filter((child): child is ChartState => child !== undefined);
  return (
    <li aria-current={isActive ? 'true' : undefined}>
      {state.id === MACHINE_GRAPH.root ? (
        <span className={styles.stateName}>{state.key}</span>
      ) : (
        <a className={styles.stateName} href={`#${stateHash(state.id)}`}>
          {state.id}
        </a>
      )}
      {state.title === null ? null : <> “{state.title}”</>}
      {state.route === null ? null : <> ({state.route})</>}
      {state.type === 'final' ? ' (end state)' : ''}
      {isActive ? <span className={styles.badge}>active</span> : null}
      {transitions.length > 0 ? (
        <ul className={styles.transitions} aria-label={`Transitions of ${state.id}`}>
          {transitions.map((transition) => (
            <li key={transition.id}>
              on {transition.label}:{' '}
              {transition.targets.length === 0 ? 'stays' : `to ${transition.targets.join(', ')}`}
              {coverageFile === null
                ? null
                : ` (covered by: ${levelsOf(coverageFile, transition.id).join(', ') || 'none'})`}
            </li>
          ))}
        </ul>
      ) : null}
      {children.length > 0 ? (
        <ul className={styles.list}>
          {children.map((child) => (
            <StateItem key={child.id} state={child} active={active} coverageFile={coverageFile} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}
