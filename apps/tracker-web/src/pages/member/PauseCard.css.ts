import { vars } from '@app/ui/theme.css';
import { style } from '@vanilla-extract/css';

export const fieldset = style({
  border: 0,
  padding: 0,
  margin: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});

export const legend = style({ fontWeight: 600, padding: 0, marginBlockEnd: vars.space.xs });

/** Four choices, two to a row on a phone; each big enough for a thumb. */
export const choices = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(7rem, 1fr))',
  gap: vars.space.sm,
});

export const choice = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: '44px',
  paddingInline: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  cursor: 'pointer',
});
