import * as layout from '@app/ui/layout.css';
import { vars } from '@app/ui/theme.css';
import { style } from '@vanilla-extract/css';

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });

export const actions = layout.wrapRow;

/** 'Go back': a button that reads as a link, since it is the quiet way out of a step. */
export const backButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  background: 'none',
  border: 'none',
  padding: vars.space.sm,
  minHeight: '44px',
  font: 'inherit',
  color: vars.color.primary,
  textDecoration: 'underline',
  cursor: 'pointer',
});

export const pending = style({ color: vars.color.textMuted });
