import { isCategory } from '@app/contracts';
import { createFileRoute } from '@tanstack/react-router';
import { PageLoadFailed, PageLoading } from '../../components/PageStatus.tsx';
import { validatePageSearch } from '../../navigation.ts';
import { loadFeedback } from '../../pages/console/console-api.ts';
import { FeedbackPage } from '../../pages/console/FeedbackPage.tsx';

export const Route = createFileRoute('/console/feedback')({
  validateSearch: (search: Record<string, unknown>) => {
    const category =
      typeof search.category === 'string' && isCategory(search.category)
        ? search.category
        : undefined;
    return { ...validatePageSearch(search), category };
  },
  loaderDeps: ({ search }) => ({ page: search.page ?? 1, category: search.category }),
  codeSplitGroupings: [['loader', 'component', 'pendingComponent', 'errorComponent']],
  loader: ({ deps, location }) => loadFeedback(deps.page, deps.category, location.href),
  pendingComponent: PageLoading,
  errorComponent: PageLoadFailed,
  component: FeedbackPage,
});
