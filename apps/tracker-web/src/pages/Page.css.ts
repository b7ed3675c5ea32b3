import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.md,
});
