import { card } from '@app/ui/layout.css';
import { breakpoints, vars } from '@app/ui/theme.css';
import { style } from '@vanilla-extract/css';

/**
 * A panel fills the screen while its data loads, so the lists arriving below the toolbar push
 * nothing visible (the footer stays below the fold): no layout shift.
 */
export const panel = style({
  display: 'grid',
  gap: vars.space.xl,
  alignContent: 'start',
  minHeight: '100vh',
});

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.md,
});

export const block = style({ display: 'grid', gap: vars.space.md });

export const h2 = style({ fontSize: vars.fontSize.xl });

export const teamCard = style([card, { gap: vars.space.md }]);

export const members = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: '1fr',
  listStyle: 'none',
  margin: 0,
  padding: 0,
  '@media': {
    [breakpoints.tablet]: { gridTemplateColumns: 'repeat(auto-fill, minmax(16rem, 1fr))' },
  },
});

export const member = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: vars.space.sm,
  alignItems: 'start',
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
});

export const avatar = style({
  width: '48px',
  height: '48px',
  borderRadius: '50%',
  objectFit: 'cover',
  background: vars.color.border,
});

export const initials = style([
  avatar,
  { display: 'grid', placeItems: 'center', fontWeight: 700, color: vars.color.text },
]);

export const small = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const select = style({
  minHeight: '44px',
  minWidth: '16rem',
  maxWidth: '100%',
  paddingInline: vars.space.sm,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.textMuted}`,
  fontFamily: 'inherit',
  fontSize: vars.fontSize.md,
  background: vars.color.surface,
  color: vars.color.text,
});

export const label = style({ fontWeight: 600 });

export const roles = style({ margin: 0, paddingLeft: vars.space.lg });
