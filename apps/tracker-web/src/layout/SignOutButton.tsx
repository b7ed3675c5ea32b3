import { call } from '@app/api-client/endpoints';
import { MEMBER_API } from '@app/contracts';
import { button } from '@app/ui/button.css';
import { dismissToast } from '@app/ui/toast-store';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { isSignInRequired } from '../api/errors.ts';
import { useAction } from '../components/useAction.ts';

function ignoreEndedSession(error: unknown) {
  if (!isSignInRequired(error)) throw error;
}

/**
 * Ends this session (or, with `signOutEverywhere`, every session of the member) and leaves nothing
 * of it behind on this browser, then opens the sign-in page with `notice`. The hook's `pending`
 * keeps a second tap from sending it twice.
 */
export function useSignOut(
  endpoint: typeof MEMBER_API.signOut | typeof MEMBER_API.signOutEverywhere,
  notice?: 'signed-out-everywhere',
) {
  const navigate = useNavigate();
  const router = useRouter();
  const action = useAction({
    // A session that had already ended is as good as signed out.
    send: () => call(endpoint).catch(ignoreEndedSession),
    failure: 'You are still signed in',
    done: async () => {
      // Nothing of this member's stays in memory or in storage for whoever signs in next on this
      // browser (the home kept for offline visits included), nor on screen: their last toast
      // ('Profile saved.') does not follow onto the sign-in page.
      // Nor do this member's reminders keep coming to this browser.
      router.clearCache();
      const [offline, push] = await Promise.all([
        import('../pages/member/offline.ts'),
        import('../pages/member/push-device.ts'),
      ]);
      offline.forgetOfflineData();
      await push.forgetDevicePush();
      dismissToast();
      await navigate({ to: '/sign-in', ...(notice ? { search: { notice } } : {}) });
    },
  });
  const signOut = () => void action.run();
  const pending = action.pending;
  return { pending, signOut };
}

/** Ends the session and leaves nothing of it behind on this browser. */
export function SignOutButton({ className }: { className?: string }) {
  const { pending, signOut } = useSignOut(MEMBER_API.signOut);
  return (
    <button
      type="button"
      className={className ? `${button.secondary} ${className}` : button.secondary}
      aria-disabled={pending || undefined}
      onClick={signOut}
    >
      Sign out
    </button>
  );
}
