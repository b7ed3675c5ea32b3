import { vars } from '@app/ui/theme.css';
import { style } from '@vanilla-extract/css';

export const dialog = style({
  width: 'min(32rem, calc(100vw - 2rem))',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: vars.space.lg,
  boxShadow: vars.shadow.raised,
  color: vars.color.text,
  background: vars.color.surface,
  selectors: { '&::backdrop': { background: 'rgb(15 23 42 / 0.5)' } },
});

export const body = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  marginTop: vars.space.sm,
});
