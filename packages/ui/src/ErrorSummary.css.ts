import { style } from '@vanilla-extract/css';
import { tinted } from './layout.css.ts';
import { vars } from './theme.css.ts';

export const root = style([
  tinted.danger,
  { borderWidth: '2px', padding: vars.space.md, color: vars.color.text },
]);

export const title = style({ fontSize: vars.fontSize.md, color: vars.color.danger });

export const list = style({
  color: vars.color.danger,
  fontWeight: 600,
  margin: 0,
  marginTop: vars.space.sm,
  paddingInlineStart: vars.space.lg,
});

export const link = style({ color: vars.color.danger, fontWeight: 600 });
