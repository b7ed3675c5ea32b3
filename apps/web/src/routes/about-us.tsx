import { createFileRoute } from '@tanstack/react-router';
import { AboutUsPage } from '../pages/AboutUsPage.tsx';

export const Route = createFileRoute('/about-us')({ component: AboutUsPage });
