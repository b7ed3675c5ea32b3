import { vars } from '@app/ui/theme.css';
import { style } from '@vanilla-extract/css';

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.lg,
  maxWidth: '48rem',
  marginInline: 'auto',
});

export const item = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: vars.space.md,
  alignItems: 'start',
});

export const number = style({
  width: '2.75rem',
  height: '2.75rem',
  borderRadius: '50%',
  display: 'grid',
  placeItems: 'center',
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontWeight: 700,
  fontSize: vars.fontSize.lg,
});
