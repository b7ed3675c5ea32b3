import { BAR_HEIGHT, logoBase } from '@app/ui/header.css';
import * as menuDisclosure from '@app/ui/menu.css';
import { breakpoints, vars } from '@app/ui/theme.css';
import { style } from '@vanilla-extract/css';

/** What the full bar and the thin bar share: logo first, the menu at the far end. */
const barBase = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
});

export const bar = style([barBase, { gap: vars.space.md, minHeight: BAR_HEIGHT }]);

/** The Menu button, an icon: below desktop width only. */
export const toggle = style([
  menuDisclosure.toggle,
  {
    justifyContent: 'center',
    width: '44px',
    height: '44px',
    '@media': { [breakpoints.desktop]: { display: 'none' } },
  },
]);

export const menu = style({
  display: 'none',
  '@media': { [breakpoints.desktop]: { ...menuDisclosure.inBar, gap: vars.space.lg } },
});

export const menuOpen = style([
  menuDisclosure.panel,
  { '@media': { [breakpoints.desktop]: { ...menuDisclosure.inBar, gap: vars.space.lg } } },
]);

/** The page links stacked: the thin bar's menu, and the full bar's menu on small screens. */
const stackedLinks = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
});

export const links = style([
  stackedLinks,
  { '@media': { [breakpoints.desktop]: { flexDirection: 'row', gap: vars.space.lg } } },
]);

export const link = style({
  display: 'block',
  paddingBlock: vars.space.sm,
  color: vars.color.text,
  textDecoration: 'none',
  fontWeight: 500,
  selectors: {
    '&:hover': { color: vars.color.primary, textDecoration: 'underline' },
    '&[aria-current="page"]': { color: vars.color.primary, textDecoration: 'underline' },
  },
});

/* ------------------------------------------------------------------ */
/* The thin bar: pages that need the whole viewport (the statechart studio) */
/* ------------------------------------------------------------------ */

/** The thin bar's height: such a page takes the viewport below it. */
export const COMPACT_BAR_HEIGHT = '2.5rem';

export const compactBar = style([
  barBase,
  { gap: vars.space.sm, minHeight: COMPACT_BAR_HEIGHT, paddingInline: vars.space.sm },
]);

export const compactLogo = style([logoBase, { gap: vars.space.xs, fontSize: vars.fontSize.sm }]);

/** The menu button, at every width: the page links wait behind it. */
export const compactToggle = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: '2rem',
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  fontSize: vars.fontSize.sm,
  cursor: 'pointer',
});

export const compactMenu = style({ display: 'none' });

export const compactMenuOpen = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'stretch',
  gap: vars.space.xs,
  position: 'absolute',
  right: 0,
  top: '100%',
  width: 'min(100%, 20rem)',
  padding: vars.space.md,
  background: vars.color.background,
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.raised,
});

export const compactLinks = stackedLinks;
