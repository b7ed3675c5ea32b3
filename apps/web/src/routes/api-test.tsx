import { createFileRoute } from '@tanstack/react-router';
import { ApiTestPage } from '../pages/ApiTestPage.tsx';

export const Route = createFileRoute('/api-test')({ component: ApiTestPage });
