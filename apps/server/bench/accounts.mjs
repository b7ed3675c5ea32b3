// The people the bench signs in as: a member approved on a team, and the first operator with the
// authenticator app's code (otpauth, as the tracker checks it).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as OTPAuth from 'otpauth';
import { OPERATOR } from './config.mjs';

/** The session cookie of a `set-cookie` answer, or ''. */
export const cookieOf = (response) => (response.headers.get('set-cookie') ?? '').split(';')[0];

/**
 * A member on a team: signed up through the site, the join request approved through the tracker
 * API (as an operator's approval makes it), signed in at the front door. Returns the session
 * cookie. `site`: the running site (startSite's addresses and data directory).
 */
export async function approvedMember(site, teamId, tag = '') {
  const { base, dataDir, trackerBase, trackerApiPort } = site;
  const email = `bench-member-${process.pid}${tag}@example.org`;
  const password = 'benchmark member passphrase';
  const signedUp = await fetch(`${base}/api/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({
      email,
      password,
      name: 'Bench Member',
      goalSummary: 'Walk daily',
      teamId,
    }),
  });
  if (signedUp.status !== 201) throw new Error(`the member's sign-up answered ${signedUp.status}`);
  const api = `http://127.0.0.1:${trackerApiPort}`;
  const headers = { 'x-api-key': readFileSync(join(dataDir, 'api-key'), 'utf8').trim() };
  const { joinRequests } = await (
    await fetch(`${api}/join-requests?status=pending`, { headers })
  ).json();
  const request = joinRequests.find((row) => row.user.email === email);
  if (!request) throw new Error("the member's join request is not pending");
  const approved = await fetch(`${api}/join-requests/${request.id}/approve`, {
    method: 'POST',
    headers,
  });
  if (approved.status !== 200) throw new Error(`the approval answered ${approved.status}`);
  // As the sign-in form does, with the browser's time zone (the same machine's).
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const signedIn = await fetch(`${trackerBase}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: trackerBase },
    body: JSON.stringify({ email, password, timeZone }),
  });
  const cookie = cookieOf(signedIn);
  if (signedIn.status !== 200 || !cookie)
    throw new Error(`the sign-in answered ${signedIn.status}`);
  return cookie;
}

/** An authenticator app's code now for a base32 `secret` (RFC 6238: SHA-1, 30 s, 6 digits). */
const totp = (secret) =>
  new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  }).generate();

/**
 * The first operator, set up as the console's first visit does: the password from the mailed
 * link, the sign-in, the authenticator app. Returns the session cookie.
 */
export async function signedInOperator({ dataDir, trackerBase }) {
  const outbox = join(dataDir, 'outbox');
  let token = '';
  for (let tries = 0; tries < 300 && !token; tries += 1) {
    const files = existsSync(outbox) ? readdirSync(outbox) : [];
    for (const file of files.filter((name) => name.endsWith('-operator-added.eml'))) {
      const mail = readFileSync(join(outbox, file), 'utf8').replace(/=\r?\n/g, '');
      token = /reset-password\?token=3D([A-Za-z0-9_-]+)|reset-password\?token=([A-Za-z0-9_-]+)/
        .exec(mail)
        ?.slice(1)
        .find(Boolean);
    }
    if (!token) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!token) throw new Error("the operator's mail did not arrive");
  const post = (path, body, cookie = '') =>
    fetch(`${trackerBase}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: trackerBase, cookie },
      body: JSON.stringify(body),
    });
  const set = await post('/api/password-resets/completion', { token, password: OPERATOR.password });
  if (set.status !== 204) throw new Error(`the operator's password answered ${set.status}`);
  const signedIn = await post('/api/session', OPERATOR);
  const cookie = cookieOf(signedIn);
  if (signedIn.status !== 200 || !cookie)
    throw new Error(`the operator's sign-in: ${signedIn.status}`);
  const enrolment = await fetch(`${trackerBase}/api/console/second-factor`, {
    headers: { cookie },
  });
  const { secret } = await enrolment.json();
  const confirmed = await post('/api/console/second-factor', { code: totp(secret) }, cookie);
  if (confirmed.status !== 200) throw new Error(`the authenticator answered ${confirmed.status}`);
  return cookieOf(confirmed) || cookie;
}
