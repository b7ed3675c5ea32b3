import { createFileRoute } from '@tanstack/react-router';
import { SuccessStoriesPage } from '../pages/SuccessStoriesPage.tsx';

export const Route = createFileRoute('/success-stories')({ component: SuccessStoriesPage });
