import layout from '../../chart/onboarding.layout.json';
import type { ChartLayout } from './geometry.ts';

/**
 * The layout `pnpm statechart` wrote for the onboarding machine (the chart test fails when it
 * is stale), so a browser can draw the chart without the layout engine.
 */
export const onboardingChartLayout: ChartLayout = layout;
