import { breakpoints, vars } from '@app/ui/theme.css';
import { style } from '@vanilla-extract/css';

export const sections = style({
  display: 'grid',
  gap: vars.space.xl,
  gridTemplateColumns: '1fr',
  alignItems: 'start',
  '@media': { [breakpoints.desktop]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

/** The team spans the whole width on a large screen: its members sit side by side. */
export const wide = style({
  '@media': { [breakpoints.desktop]: { gridColumn: '1 / -1' } },
});

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(6rem, max-content) 1fr',
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
});

export const term = style({ fontWeight: 600 });
export const value = style({ margin: 0, minWidth: 0 });

export const status = style({ fontWeight: 600 });

export const members = style({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 16rem), 1fr))',
});

export const person = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
});

const avatarBase = style({
  width: '64px',
  height: '64px',
  flexShrink: 0,
  borderRadius: vars.radius.pill,
});

export const photo = style([avatarBase, { objectFit: 'cover' }]);

export const initials = style([
  avatarBase,
  {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    background: vars.color.surfaceAlt,
    border: `1px solid ${vars.color.border}`,
    color: vars.color.text,
    fontWeight: 700,
    fontSize: vars.fontSize.lg,
  },
]);

export const own = style({ borderColor: vars.color.primary, borderWidth: '2px' });

export const badge = style({
  display: 'inline-block',
  marginInlineStart: vars.space.sm,
  paddingInline: vars.space.sm,
  borderRadius: vars.radius.pill,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
  verticalAlign: 'middle',
});

export const callTimes = style({ margin: 0, paddingInlineStart: vars.space.lg });
