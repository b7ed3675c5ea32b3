import { vars } from '@app/ui/theme.css';
import { style } from '@vanilla-extract/css';

export const body = style({
  maxWidth: vars.width.prose,
  marginInline: 'auto',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
});

export const heading = style({ fontSize: vars.fontSize.lg, marginTop: vars.space.lg });

export const updated = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
