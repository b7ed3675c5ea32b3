import { vars } from '@app/ui/theme.css';
import { style } from '@vanilla-extract/css';

// No list indent, so the choices line up with the heading.
export const choices = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  listStyle: 'none',
  margin: 0,
  padding: 0,
});

export const choice = style({
  display: 'flex',
  alignItems: 'center',
  width: '100%',
  gap: vars.space.md,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: 'none',
  font: 'inherit',
  color: 'inherit',
  textAlign: 'start',
  cursor: 'pointer',
  selectors: { '&:hover': { borderColor: vars.color.primary } },
});

export const title = style({ fontWeight: 700, display: 'block' });

export const description = style({ color: vars.color.textMuted, display: 'block' });
