import { createFileRoute, redirect } from '@tanstack/react-router';

/** The bare category path goes to its role step (spec 2). */
export const Route = createFileRoute('/_onboarding/onboarding/$category/')({
  beforeLoad: ({ params }) => {
    throw redirect({
      to: '/onboarding/$category/$step',
      params: { category: params.category, step: 'role' },
      replace: true,
    });
  },
});
