import { createFileRoute } from '@tanstack/react-router';

/** End screen; the onboarding layout draws it from the actor's state. */
export const Route = createFileRoute('/_onboarding/maybe-submitted')({});
