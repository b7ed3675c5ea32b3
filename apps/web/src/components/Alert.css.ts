import { vars } from '@app/ui/theme.css';
import { style, styleVariants } from '@vanilla-extract/css';

const base = style({
  borderRadius: vars.radius.md,
  border: '1px solid',
  borderLeftWidth: '6px',
  padding: vars.space.md,
  display: 'grid',
  gap: vars.space.xs,
});

export const root = styleVariants({
  destructive: [
    base,
    {
      background: vars.color.dangerSurface,
      borderColor: vars.color.danger,
      color: vars.color.danger,
    },
  ],
  warning: [
    base,
    {
      background: vars.color.warningSurface,
      borderColor: vars.color.warning,
      color: vars.color.warning,
    },
  ],
  success: [
    base,
    {
      background: vars.color.successSurface,
      borderColor: vars.color.success,
      color: vars.color.success,
    },
  ],
  info: [base, { background: vars.color.surfaceAlt, borderColor: vars.color.primary }],
});

export const title = style({ fontWeight: 700, margin: 0, fontSize: vars.fontSize.md });
