import { createFileRoute } from '@tanstack/react-router';
import { ApiTestPage, loadApiTestData } from '../pages/ApiTestPage.tsx';

export const Route = createFileRoute('/api-test')({
  // The loader calls the API, so it loads with the page's own code rather than with every page's.
  codeSplitGroupings: [['loader', 'component']],
  // Not awaited, so the page shows at once what it is loading. A prerendered page (no browser)
  // calls nothing.
  loader: () => ({ data: typeof window === 'undefined' ? null : loadApiTestData() }),
  component: ApiTestRoute,
});

function ApiTestRoute() {
  const { data } = Route.useLoaderData();
  return <ApiTestPage data={data} />;
}
