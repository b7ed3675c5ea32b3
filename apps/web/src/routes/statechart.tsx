import { createFileRoute } from '@tanstack/react-router';
import { StatechartPage } from '../statechart/StatechartPage.tsx';

/** The designers' live statechart; split from every other page by the router's code splitting. */
export const Route = createFileRoute('/statechart')({ component: StatechartPage });
