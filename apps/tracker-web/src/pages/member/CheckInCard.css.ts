import { breakpoints, vars } from '@app/ui/theme.css';
import { style } from '@vanilla-extract/css';

/** The check-in comes first and spans the home's width on a large screen. */
export const card = style({
  borderColor: vars.color.primary,
  borderWidth: '2px',
  // Closer to the edge on a phone, where the day's answer belongs on the first screen.
  padding: vars.space.md,
  '@media': {
    [breakpoints.tablet]: { padding: vars.space.lg },
    [breakpoints.desktop]: { gridColumn: '1 / -1' },
  },
});

export const goal = style({ fontSize: vars.fontSize.lg, fontStyle: 'italic' });

export const day = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  paddingBlockStart: vars.space.md,
  borderTop: `1px solid ${vars.color.border}`,
});

export const which = style({ fontWeight: 700 });

export const state = style({ color: vars.color.textMuted });

export const answers = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space.md,
  '@media': { [breakpoints.tablet]: { display: 'flex' } },
});

/** Big enough to hit with a thumb; the chosen answer is marked in words and by a ring. */
export const answer = style({
  minHeight: '52px',
  fontSize: vars.fontSize.lg,
  selectors: {
    '&[aria-pressed="true"]': {
      outline: `3px solid ${vars.color.success}`,
      outlineOffset: '2px',
    },
  },
});

export const small = style({ fontSize: vars.fontSize.sm });

/** The streaks, under the answers and set apart from them as each day is. */
export const streaks = style({
  paddingBlockStart: vars.space.md,
  borderTop: `1px solid ${vars.color.border}`,
});

export const reactions = style({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
});

export const reacted = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });

export const replies = style({
  margin: 0,
  paddingInlineStart: vars.space.lg,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
});
