import { createFileRoute } from '@tanstack/react-router';
import { TermsPage } from '../pages/LegalPage.tsx';

export const Route = createFileRoute('/terms')({ component: TermsPage });
