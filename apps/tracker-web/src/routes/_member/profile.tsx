import { createFileRoute } from '@tanstack/react-router';
import { ProfilePage } from '../../pages/member/ProfilePage.tsx';

export const Route = createFileRoute('/_member/profile')({ component: ProfilePage });
