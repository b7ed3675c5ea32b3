import { vars } from '@app/ui/theme.css';
import { style } from '@vanilla-extract/css';

/** The booked or offered info call's time, set apart from the text around it. */
export const box = style({
  background: vars.color.surfaceAlt,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
});

export const main = style({ fontSize: vars.fontSize.lg, fontWeight: 700 });
