import { style } from '@vanilla-extract/css';

export const shell = style({ minHeight: '100vh', display: 'flex', flexDirection: 'column' });
export const main = style({ flex: '1 0 auto', outline: 'none' });
