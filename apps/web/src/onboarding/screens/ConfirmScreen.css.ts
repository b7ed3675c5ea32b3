import * as layout from '@app/ui/layout.css';
import { vars } from '@app/ui/theme.css';
import { globalStyle, style } from '@vanilla-extract/css';

export const legend = style({ fontSize: vars.fontSize.md, fontWeight: 600 });

export const photoRow = layout.wrapRow;

export const photoPreview = style({
  width: '96px',
  height: '96px',
  borderRadius: '50%',
  objectFit: 'cover',
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceAlt,
});

export const fileInput = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  opacity: 0,
  overflow: 'hidden',
});

// The file input is hidden behind its button-like label: show the keyboard focus on the label.
globalStyle(`${fileInput}:focus-visible + label`, {
  outline: `3px solid ${vars.color.focus}`,
  outlineOffset: '2px',
});

export const photoError = style([
  layout.tinted.danger,
  { padding: vars.space.md, fontWeight: 600 },
]);
