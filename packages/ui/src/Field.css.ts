import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

export const root = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });

export const label = style({ fontWeight: 600 });

export const hint = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const error = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.danger,
  fontWeight: 600,
});

export const control = style({
  font: 'inherit',
  color: vars.color.text,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  paddingInline: vars.space.md,
  paddingBlock: vars.space.sm,
  minHeight: '44px',
  width: '100%',
  selectors: {
    '&[aria-invalid="true"]': { borderColor: vars.color.danger, borderWidth: '2px' },
  },
});

export const textarea = style([control, { minHeight: '7rem', resize: 'vertical' }]);
