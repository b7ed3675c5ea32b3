import { style, styleVariants } from '@vanilla-extract/css';
import { card } from '../components/ui.css.ts';
import { vars } from '../styles/theme.css.ts';

// minmax(0, 1fr): the column may be narrower than the drawing, which scrolls inside its own view.
export const stack = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.lg,
});

export const status = style([card, { gap: vars.space.sm }]);

export const statusTitle = style({ fontSize: vars.fontSize.lg, margin: 0 });

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
});

export const term = style({ fontWeight: 600, color: vars.color.textMuted });
export const value = style({ margin: 0, overflowWrap: 'anywhere' });
export const code = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.sm });

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
});

export const viewport = style({
  overflow: 'auto',
  maxHeight: '75vh',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  selectors: {
    '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});

/** Drawn at the chosen zoom and scrolled, not shrunk to the column as other images are. */
export const svg = style({ display: 'block', maxWidth: 'none', fontFamily: vars.font.mono });

const boxBase = style({ stroke: vars.color.textMuted, strokeWidth: 1 });

/** Box looks by kind of state (the keys are the scene's state kinds). */
export const box = styleVariants({
  machine: [boxBase, { fill: 'none', strokeWidth: 1.5 }],
  compound: [boxBase, { fill: vars.color.surfaceAlt }],
  parallel: [boxBase, { fill: vars.color.surfaceAlt }],
  region: [boxBase, { fill: 'none', strokeDasharray: '6 4' }],
  atomic: [boxBase, { fill: vars.color.surface }],
  final: [boxBase, { fill: vars.color.surface }],
});

export const finalInner = style({ fill: 'none', stroke: vars.color.textMuted });

export const activeBox = style({
  stroke: vars.color.primary,
  strokeWidth: 3,
  strokeDasharray: 'none',
});

export const activeLeaf = style({ fill: '#dbeafe' });

export const name = style({ fill: vars.color.text, fontWeight: 700 });
export const detail = style({ fill: vars.color.textMuted });

export const edge = style({ fill: 'none', stroke: vars.color.textMuted });
export const edgeFromActive = style({ stroke: vars.color.primary, strokeWidth: 2 });
export const arrowHead = style({ fill: vars.color.textMuted });
export const labelBox = style({ fill: vars.color.surface, fillOpacity: 0.85 });
export const labelText = style({ fill: vars.color.text });
export const labelFromActive = style({ fill: vars.color.primary, fontWeight: 700 });
export const initialDot = style({ fill: vars.color.text });

export const list = style({
  margin: 0,
  paddingLeft: vars.space.lg,
  display: 'grid',
  gap: vars.space.xs,
  overflowWrap: 'anywhere',
});

export const stateName = style({ fontFamily: vars.font.mono, fontWeight: 600 });

export const activeBadge = style({
  marginLeft: vars.space.sm,
  paddingInline: vars.space.xs,
  borderRadius: vars.radius.sm,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
});

export const transitions = style({
  margin: 0,
  paddingLeft: vars.space.lg,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});
