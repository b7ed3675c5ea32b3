import { vars } from '@app/ui/theme.css';
import { style } from '@vanilla-extract/css';

export const list = style({
  display: 'flex',
  gap: vars.space.xs,
  borderBottom: `2px solid ${vars.color.border}`,
  marginBottom: vars.space.lg,
  overflowX: 'auto',
});

export const tab = style({
  minHeight: '44px',
  paddingInline: vars.space.lg,
  border: 'none',
  borderBottom: '3px solid transparent',
  marginBottom: '-2px',
  background: 'transparent',
  color: vars.color.textMuted,
  fontFamily: 'inherit',
  fontSize: vars.fontSize.md,
  fontWeight: 600,
  cursor: 'pointer',
  whiteSpace: 'nowrap',
  selectors: {
    '&[aria-selected="true"]': { color: vars.color.primary, borderBottomColor: vars.color.primary },
    '&:hover': { color: vars.color.text },
  },
});
