import { createFileRoute } from '@tanstack/react-router';

/** /onboarding: choose a category. Drawn by the onboarding layout. */
export const Route = createFileRoute('/_onboarding/onboarding/')({});
