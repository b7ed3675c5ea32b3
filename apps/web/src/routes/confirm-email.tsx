import { createFileRoute } from '@tanstack/react-router';
import { ConfirmEmailPage } from '../pages/ConfirmEmailPage.tsx';

export const Route = createFileRoute('/confirm-email')({ component: ConfirmEmailPage });
