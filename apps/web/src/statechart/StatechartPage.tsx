import { type OnboardingSnapshot, onboardingMachine } from '@app/onboarding';
import { activeStateIds } from '@app/statechart-tools';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { provideLaterScreens } from '../boot/lazyScreens.tsx';
import { pageTitle } from '../components/usePageTitle.ts';
import * as laterScreens from '../onboarding/laterScreens.ts';
import { Canvas, type CanvasApi, type CoverageClass } from './Canvas.tsx';
import { ChartChooser } from './ChartChooser.tsx';
import { ChartTools } from './ChartTools.tsx';
import { CoveragePanel } from './CoveragePanel.tsx';
import { useChart } from './charts.ts';
import { type CoverageFile, coverageOfView } from './coverage.ts';
import { GalleryPanel } from './GalleryPanel.tsx';
import { LegendPanel } from './LegendPanel.tsx';
import { ListPanel } from './ListPanel.tsx';
import { LivePanel } from './LivePanel.tsx';
import { useFollowedOnboarding } from './liveOnboarding.ts';
import { MembershipStudio } from './MembershipStudio.tsx';
import { isReview, ReviewSheet } from './ReviewSheet.tsx';
import { Search } from './Search.tsx';
import { SimulatePanel } from './SimulatePanel.tsx';
import * as styles from './StatechartPage.css.ts';
import {
  initialSnapshot,
  leafTitle,
  pathsToStates,
  type SimChoice,
  type SimStep,
  step,
} from './sandbox.ts';
import {
  type ChartView,
  collapsedView,
  MACHINE_GRAPH,
  STATES,
  shownIn,
  stateFromHash,
  stateHash,
  VIEWS,
  type ViewKey,
} from './views.ts';

// The studio draws every step's screen at once (gallery, review sheet): all of them come with it.
provideLaterScreens(laterScreens);

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

function takenEdges(view: ChartView, taken: readonly string[]): Set<string> {
  const edges = new Set<string>();
  for (const edge of view.graph.edges) {
    const members = view.folded[edge.transition] ?? [];
    if (members.some((member) => taken.includes(member))) edges.add(edge.id);
  }
  return edges;
}

/**
 * The studio on the chart the URL names (the onboarding, or `?chart=membership`), or the visual
 * review's sheet when the page is opened for it (`?review`).
 */
export function StatechartPage() {
  const [chart, choose] = useChart();
  if (isReview()) return <ReviewSheet />;
  const chooser = <ChartChooser chart={chart} onChoose={choose} />;
  return chart === 'membership' ? (
    <MembershipStudio chooser={chooser} />
  ) : (
    <Studio chooser={chooser} />
  );
}

function Studio({ chooser }: { chooser: ReactNode }) {
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
        {chooser}
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
        <ChartTools
          canvas={canvas}
          zoom={zoom}
          goToCurrent={goToCurrent}
          view={view}
          machine={onboardingMachine}
          panels={PANELS}
          panel={panel}
          onPanel={setPanel}
        />
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
