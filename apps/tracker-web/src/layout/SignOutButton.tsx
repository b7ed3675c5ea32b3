import { MEMBER_API } from '@app/contracts';
import { button } from '@app/ui/button.css';
import { dismissToast, toast } from '@app/ui/toast-store';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { call } from '../api/client.ts';
import { isSignInRequired } from '../api/errors.ts';

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
  const [pending, setPending] = useState(false);

  async function signOut() {
    if (pending) return;
    setPending(true);
    try {
      await call(endpoint);
    } catch (error) {
      // A session that had already ended is as good as signed out.
      if (!isSignInRequired(error)) {
        setPending(false);
        toast({
          title: 'You are still signed in',
          description: error instanceof Error ? error.message : undefined,
          variant: 'destructive',
        });
        return;
      }
    }
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
  }
  return { pending, signOut };
}

/** Ends the session and leaves nothing of it behind on this browser. */
export function SignOutButton() {
  const { pending, signOut } = useSignOut(MEMBER_API.signOut);
  return (
    <button
      type="button"
      className={button.secondary}
      aria-disabled={pending || undefined}
      onClick={signOut}
    >
      Sign out
    </button>
  );
}
