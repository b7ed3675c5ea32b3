import { breakpoints, vars } from '@app/ui/theme.css';
import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { COMPACT_BAR_HEIGHT } from '../layout/Header.css.ts';

/* ------------------------------------------------------------------ */
/* The studio's frame: a toolbar over the canvas and a side panel        */
/* ------------------------------------------------------------------ */

/** Below the tablet breakpoint the studio stacks: canvas over panel, tools behind a button. */
const NARROW = 'screen and (max-width: 47.99em)';

// The site's header is a thin bar here; the studio takes the rest of the viewport.
export const studio = style({
  display: 'grid',
  gridTemplateRows: 'auto minmax(0, 1fr)',
  height: `calc(100vh - ${COMPACT_BAR_HEIGHT} - 1px)`,
  minHeight: '24rem',
});

export const heading = style({ fontSize: vars.fontSize.sm, margin: 0, whiteSpace: 'nowrap' });

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '6px',
  padding: '4px 6px',
  borderBottom: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceAlt,
  fontSize: '12px',
});

export const group = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2px',
  border: 0,
  margin: 0,
  padding: 0,
  minWidth: 0,
});

export const push = style({ marginLeft: 'auto' });

/** The "Tools" button: only on narrow screens, where zoom, export and collapse wait behind it. */
export const toolsToggle = style({
  '@media': { [breakpoints.tablet]: { display: 'none' } },
});

/** A group of the toolbar hidden on narrow screens until "Tools" is pressed. */
export const collapsible = style({
  '@media': {
    [NARROW]: { selectors: { [`${toolbar}[data-tools="closed"] &`]: { display: 'none' } } },
  },
});

/** A small bordered button on the page's surface: the toolbar's tools and the panels' choices. */
const plainButton = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  cursor: 'pointer',
});

export const tool = style([
  plainButton,
  {
    minHeight: '1.875rem',
    padding: '0 6px',
    selectors: {
      '&[aria-pressed="true"]': {
        background: vars.color.primary,
        color: vars.color.onPrimary,
        borderColor: vars.color.primary,
      },
      '&:disabled': { cursor: 'default', color: vars.color.textMuted },
      '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '1px' },
    },
  },
]);

export const zoomText = style({ minWidth: '2.75rem', textAlign: 'center' });

export const search = style({ position: 'relative' });

export const searchInput = style({
  minHeight: '1.875rem',
  width: '10rem',
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.textMuted}`,
  borderRadius: vars.radius.sm,
  font: 'inherit',
  selectors: {
    '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '1px' },
  },
});

export const results = style({
  position: 'absolute',
  zIndex: 20,
  top: '100%',
  left: 0,
  width: '28rem',
  maxHeight: '20rem',
  overflowY: 'auto',
  margin: 0,
  padding: 0,
  listStyle: 'none',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  boxShadow: vars.shadow.raised,
});

export const result = style({
  padding: `${vars.space.xs} ${vars.space.sm}`,
  cursor: 'pointer',
  selectors: {
    '&[aria-selected="true"]': { background: vars.color.primary, color: vars.color.onPrimary },
  },
});

export const body = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  minHeight: 0,
  '@media': {
    [NARROW]: { gridTemplateColumns: 'minmax(0, 1fr)', gridAutoRows: 'minmax(0, 1fr)' },
  },
});

/* ------------------------------------------------------------------ */
/* The canvas                                                           */
/* ------------------------------------------------------------------ */

export const canvas = style({
  position: 'relative',
  overflow: 'hidden',
  background: '#fbfcfe',
  touchAction: 'none',
  cursor: 'grab',
  selectors: {
    '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '-3px' },
  },
});

export const svg = style({
  display: 'block',
  width: '100%',
  height: '100%',
  fontFamily: vars.font.mono,
  userSelect: 'none',
});

export const minimap = style({
  position: 'absolute',
  right: vars.space.sm,
  bottom: vars.space.sm,
  width: '150px',
  height: '92px',
  opacity: 0.9,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  boxShadow: vars.shadow.card,
  cursor: 'pointer',
  '@media': { [NARROW]: { width: '96px', height: '60px' } },
});

/** The view's own buttons (collapse, expand), over the canvas's top right corner. */
export const canvasControls = style({
  position: 'absolute',
  right: vars.space.sm,
  top: vars.space.sm,
  display: 'flex',
  gap: '2px',
  fontSize: '12px',
});

/** Says, over the canvas's top left corner, that the view shows part of the chart. */
export const canvasHint = style({
  position: 'absolute',
  left: vars.space.sm,
  top: vars.space.sm,
  // Beside the view's buttons at the top right.
  maxWidth: 'min(26rem, calc(100% - 11rem))',
  margin: 0,
  padding: `2px ${vars.space.xs}`,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  color: vars.color.textMuted,
  fontSize: '12px',
  pointerEvents: 'none',
});

export const minimapState = style({ fill: '#cbd5e1' });
export const minimapView = style({ fill: 'none', stroke: vars.color.primary, strokeWidth: 3 });

const boxBase = style({ stroke: vars.color.textMuted, strokeWidth: 1, cursor: 'pointer' });

/** Box looks by kind of state (the keys are the scene's state kinds). */
export const box = styleVariants({
  machine: [boxBase, { fill: 'none', strokeWidth: 1.5, cursor: 'default' }],
  compound: [boxBase, { fill: vars.color.surfaceAlt }],
  parallel: [boxBase, { fill: vars.color.surfaceAlt }],
  region: [boxBase, { fill: 'none', strokeDasharray: '6 4' }],
  atomic: [boxBase, { fill: vars.color.surface }],
  final: [boxBase, { fill: vars.color.surface }],
});

export const finalInner = style({
  fill: 'none',
  stroke: vars.color.textMuted,
  pointerEvents: 'none',
});

export const activeBox = style({
  stroke: vars.color.primary,
  strokeWidth: 3,
  strokeDasharray: 'none',
});
export const activeLeaf = style({ fill: '#dbeafe' });
export const selectedBox = style({ stroke: '#c2410c', strokeWidth: 4, strokeDasharray: 'none' });
export const endedLeaf = style({ fill: '#dcfce7' });

export const name = style({ fill: vars.color.text, fontWeight: 700, pointerEvents: 'none' });
export const detail = style({ fill: vars.color.textMuted, pointerEvents: 'none' });

export const edge = style({ fill: 'none', stroke: vars.color.textMuted });
export const edgeStyle = styleVariants({
  plain: {},
  back: { strokeDasharray: '6 4', strokeOpacity: 0.55 },
  expiry: { strokeDasharray: '2 3', stroke: vars.color.warning, strokeOpacity: 0.7 },
});
export const edgeFromActive = style({ stroke: vars.color.primary, strokeWidth: 2 });

const flash = keyframes({
  '0%': { strokeWidth: 6, stroke: '#c2410c' },
  '100%': { strokeWidth: 2, stroke: vars.color.primary },
});
export const edgeTaken = style({
  stroke: vars.color.primary,
  strokeWidth: 3,
  animation: `${flash} 1.5s ease-out`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});

/** Coverage colours: by how many of the three levels take the arrow. */
export const coverage = styleVariants({
  all: { stroke: '#15803d', strokeWidth: 2.5 },
  some: { stroke: '#b45309', strokeWidth: 2.5 },
  none: { stroke: '#b91c1c', strokeWidth: 2.5, strokeDasharray: '4 3' },
});

export const arrowHead = style({ fill: vars.color.textMuted });
export const labelBox = style({ fill: vars.color.surface, fillOpacity: 0.9 });
export const labelText = style({ fill: vars.color.text, pointerEvents: 'none' });
export const labelFromActive = style({ fill: vars.color.primary, fontWeight: 700 });
export const initialDot = style({ fill: vars.color.text });

/* ------------------------------------------------------------------ */
/* The side panel                                                       */
/* ------------------------------------------------------------------ */

export const panel = style({
  width: '27rem',
  maxWidth: '45vw',
  overflowY: 'auto',
  // Scrolling to the panel's end does not go on to scroll the page (the footer) under the studio.
  overscrollBehavior: 'contain',
  borderLeft: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  padding: vars.space.sm,
  display: 'grid',
  alignContent: 'start',
  gap: vars.space.sm,
  fontSize: vars.fontSize.sm,
  selectors: {
    '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '-3px' },
  },
  '@media': {
    [NARROW]: {
      width: 'auto',
      maxWidth: 'none',
      borderLeft: 0,
      borderTop: `1px solid ${vars.color.border}`,
    },
  },
});

export const panelWide = style({
  width: '41rem',
  '@media': { [NARROW]: { width: 'auto' } },
});

export const section = style({ display: 'grid', gap: vars.space.xs });
export const sectionTitle = style({ fontSize: vars.fontSize.md, margin: 0 });
export const muted = style({ color: vars.color.textMuted, margin: 0 });
export const plainList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: '4px',
});

export const choice = style([
  plainButton,
  {
    display: 'grid',
    gap: '2px',
    width: '100%',
    textAlign: 'left',
    padding: `${vars.space.xs} ${vars.space.sm}`,
    selectors: {
      '&:hover': { borderColor: vars.color.primary },
      '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '1px' },
    },
  },
]);

export const choiceOutcome = style({ color: vars.color.textMuted, fontSize: vars.fontSize.xs });
export const pass = style({ color: vars.color.success, fontSize: vars.fontSize.xs });
export const fail = style({ color: vars.color.danger, fontSize: vars.fontSize.xs });

export const log = style({
  margin: 0,
  paddingLeft: vars.space.lg,
  display: 'grid',
  gap: '2px',
  fontSize: vars.fontSize.xs,
});

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: `2px ${vars.space.sm}`,
  margin: 0,
});
export const term = style({ fontWeight: 600, color: vars.color.textMuted });
export const value = style({ margin: 0, overflowWrap: 'anywhere' });
export const code = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.xs });

export const warning = style({
  margin: 0,
  padding: vars.space.xs,
  borderRadius: vars.radius.sm,
  background: vars.color.warningSurface,
  color: vars.color.warning,
});

/* Real screens, drawn in frames at the widths a prospect has. */
export const frames = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  gap: vars.space.sm,
});
export const frameBox = style({ display: 'grid', gap: '2px', margin: 0 });
export const frameClip = style({
  overflow: 'hidden',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
});
export const frame = style({ border: 0, display: 'block', transformOrigin: '0 0' });

export const gallery = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(11rem, 1fr))',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});
export const thumb = style([choice, { padding: vars.space.xs }]);

export const legend = style({
  display: 'grid',
  gap: '4px',
  margin: 0,
  padding: 0,
  listStyle: 'none',
});
export const swatch = style({
  display: 'inline-block',
  verticalAlign: 'middle',
  marginRight: vars.space.xs,
});

export const list = style({
  margin: 0,
  paddingLeft: vars.space.md,
  display: 'grid',
  gap: '2px',
  overflowWrap: 'anywhere',
});
export const stateName = style({ fontFamily: vars.font.mono, fontWeight: 600 });
export const badge = style({
  marginLeft: vars.space.xs,
  paddingInline: vars.space.xs,
  borderRadius: vars.radius.sm,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
});
export const transitions = style({
  margin: 0,
  paddingLeft: vars.space.md,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
});

/** The chart chooser: its label beside its select. */
export const chooser = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '4px',
  whiteSpace: 'nowrap',
});
