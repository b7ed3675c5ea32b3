import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const when = style({
  background: vars.color.surfaceAlt,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
});

export const whenMain = style({ fontSize: vars.fontSize.lg, fontWeight: 700 });
