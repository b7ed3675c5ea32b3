import { createFileRoute } from '@tanstack/react-router';

/** One onboarding step; the onboarding layout draws it from the actor's state. */
export const Route = createFileRoute('/_onboarding/onboarding/$category/$step')({});
