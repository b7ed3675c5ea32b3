import { vars } from '@app/ui/theme.css';
import { style } from '@vanilla-extract/css';

export const root = style({ display: 'flex', gap: '2px', margin: 0 });
export const filled = style({ fill: vars.color.star });
export const empty = style({ fill: 'none', stroke: vars.color.star, strokeWidth: 1.2 });
