import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPage } from '../pages/LegalPage.tsx';

export const Route = createFileRoute('/privacy')({ component: PrivacyPage });
