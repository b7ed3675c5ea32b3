/**
 * The onboarding screens, rendered from the onboarding actor's state.
 * Every onboarding route renders this one component lazily, so marketing pages never load it.
 */
export function OnboardingPage() {
  return (
    <div>
      <h1>Get started</h1>
      <p role="status">Loading…</p>
    </div>
  );
}
