import layout from '../../chart/onboarding.layout.json' with { type: 'json' };
import screensLayout from '../../chart/screens.layout.json' with { type: 'json' };
import type { ChartLayout } from '@app/statechart-tools';

/**
 * The layouts `pnpm statechart` wrote for the onboarding machine and its screens view (the chart
 * test fails when either is stale), so a browser can draw them without the layout engine.
 */
export const onboardingChartLayout: ChartLayout = layout;
export const screensChartLayout: ChartLayout = screensLayout;
