import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../../pages/member/HomePage.tsx';

export const Route = createFileRoute('/_member/')({ component: HomePage });
