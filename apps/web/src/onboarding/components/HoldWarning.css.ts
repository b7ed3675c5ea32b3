import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const notice = style({
  border: `1px solid ${vars.color.warning}`,
  background: vars.color.warningSurface,
  color: vars.color.warning,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.md,
});
