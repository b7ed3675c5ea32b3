import { BAR_HEIGHT } from '@app/ui/header.css';
import { vars } from '@app/ui/theme.css';
import { style } from '@vanilla-extract/css';

export const list = style({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'grid',
  gap: vars.space.lg,
});

/** The console's cards list their details as every card does (`@app/ui/facts`). */
export { facts, term, value } from '@app/ui/facts.css';
export const overdue = style({ color: vars.color.danger, fontWeight: 600 });

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.md,
});

export const pager = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space.md,
});

export const code = style({
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  overflowWrap: 'anywhere',
  wordBreak: 'break-all',
});

/** The setup key: broken only between its groups of four. */
export const secret = style({
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  overflowWrap: 'normal',
});

export const codes = style([
  code,
  {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(12rem, 1fr))',
    gap: vars.space.sm,
    paddingInlineStart: vars.space.lg,
    margin: 0,
  },
]);

export const change = style([code, { whiteSpace: 'pre-wrap', margin: 0 }]);

export const members = style({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'grid',
  gap: vars.space.xs,
});

/** A member's name and address, and their status at the end of the line (or under it). */
export const member = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  columnGap: vars.space.md,
  paddingBlock: vars.space.xs,
  borderBottom: `1px solid ${vars.color.border}`,
});

/** One of the operator's own passkeys: its name and dates, and its buttons beside or under them. */
export const passkey = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space.md,
  paddingBlock: vars.space.sm,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const active = style({ fontWeight: 600 });
export const pending = style({ fontWeight: 600, color: vars.color.textMuted });

/** Team cards side by side where there is room for two. */
export const grid = style([
  list,
  { gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 26rem), 1fr))', alignItems: 'start' },
]);

export const email = style({ flexBasis: '100%', fontSize: vars.fontSize.sm });

/** A day's heading with its calendar file beside it, or under it on a phone. */
export const dayHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
});

/** The join requests' search: its label over the field and its buttons. */
export const search = style({ display: 'grid', gap: vars.space.xs, maxWidth: '40rem' });

/** The decisions that can still be undone, above the queue. */
export const recent = style({ borderInlineStart: `4px solid ${vars.color.primary}` });

/** The teams, one under another: each closed to its summary line until opened. */
export const teamList = style([list, { gap: vars.space.sm }]);

/** A team's card: less room around a closed team, so a page of them stays short. */
export const team = style({ padding: vars.space.md });

export const teamDetails = style({});

/** A closed team's line: an arrow that turns when it opens, the name, then area and seats. */
export const teamSummary = style({
  display: 'grid',
  gridTemplateColumns: '1.25rem minmax(0, 1fr)',
  columnGap: vars.space.xs,
  alignItems: 'baseline',
  listStyle: 'none',
  cursor: 'pointer',
  minHeight: '44px',
  scrollMarginTop: `calc(${BAR_HEIGHT} + ${vars.space.md})`,
  selectors: {
    '&::-webkit-details-marker': { display: 'none' },
    // The arrow is drawn, not read: its alternative text is empty where browsers know the syntax.
    '&::before': { content: ['"▸"', '"▸" / ""'], gridColumn: 1, gridRow: 1 },
    [`${teamDetails}[open] > &::before`]: { content: ['"▾"', '"▾" / ""'] },
  },
});

export const teamName = style({ gridColumn: 2, margin: 0 });

export const teamLine = style({
  gridColumn: 2,
  display: 'flex',
  flexWrap: 'wrap',
  columnGap: vars.space.md,
});

export const teamBody = style({ paddingBlockStart: vars.space.md });

/** The links to each team of the page, side by side and wrapping. */
export const jump = style({ display: 'grid', gap: vars.space.xs });

export const jumpList = style({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'flex',
  flexWrap: 'wrap',
  columnGap: vars.space.md,
  rowGap: vars.space.xs,
});

export const jumpLink = style({ display: 'inline-block', paddingBlock: vars.space.xs });

/** A checkbox filter beside a list's search, on the line of the fields' boxes (44 px to touch). */
export const check = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: '2.75rem',
  margin: 0,
});
