import type { ChartLayout } from '@app/statechart-tools';
import layout from '../../chart/membership.layout.json' with { type: 'json' };

/**
 * The layout `pnpm statechart` wrote for the membership machine (the chart test fails when it is
 * stale), so a browser can draw it without the layout engine.
 */
export const membershipChartLayout: ChartLayout = layout;
export { MEMBERSHIP_CHART_TITLE, membershipDescription, membershipGraph } from './graph.ts';
