// Load runs against the site (autocannon): the proxy beside a bare Fastify app, sign-ups per
// second, and reads alone and beside concurrent sign-ups.
import autocannon from 'autocannon';
import { seconds } from './config.mjs';
import { freePort, startHello, stop } from './processes.mjs';
import { row } from './table.mjs';

function load(options) {
  return autocannon({ connections: 10, duration: seconds, ...options });
}

/**
 * How long a run lasted, in seconds, as autocannon measured it: it ends a run at its first
 * one-second tick past the asked duration, so a run asked for less than a second lasts about one.
 */
const lasted = (result) => Math.max(result.duration, 0.001);

let emailCounter = 0;
async function signUps(base, teamId, connections = 4) {
  const result = await load({
    url: base,
    connections,
    requests: [
      {
        method: 'POST',
        path: '/api/users',
        headers: { 'content-type': 'application/json', origin: base },
        setupRequest: (request) => {
          emailCounter += 1;
          return {
            ...request,
            body: JSON.stringify({
              email: `bench-${process.pid}-${emailCounter}@example.org`,
              password: 'benchmark passphrase',
              name: 'Bench User',
              goalSummary: 'Measure things',
              teamId,
            }),
          };
        },
      },
    ],
  });
  return {
    perSecond: result['2xx'] / lasted(result),
    other: result.non2xx,
    p99: result.latency.p99,
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** GET /api/proxy/teams against a bare Fastify hello route: requests per second and p99. */
export async function proxyFigures(base) {
  // The two targets take turns in short rounds, so a change in the machine's other load
  // (shared with other work) falls on both alike.
  const helloPort = await freePort();
  // Up to four rounds, none shorter than the second autocannon runs at the least.
  const rounds = Math.max(1, Math.min(4, Math.floor(seconds)));
  const roundSeconds = seconds / rounds;
  const bare = { ok: 0, seconds: 0, p99: [] };
  const proxy = { ok: 0, seconds: 0, other: 0, p99: [] };
  const hello = await startHello(helloPort);
  try {
    // One untimed second on each first: the figures are of both servers running steadily, not of
    // the site's code being compiled by V8 during its first round (the hello route has next to
    // nothing to compile).
    await load({ url: `http://127.0.0.1:${helloPort}/`, duration: 1 });
    await load({ url: `${base}/api/proxy/teams`, duration: 1 });
    for (let round = 0; round < rounds; round += 1) {
      const h = await load({ url: `http://127.0.0.1:${helloPort}/`, duration: roundSeconds });
      bare.ok += h['2xx'];
      bare.seconds += lasted(h);
      bare.p99.push(h.latency.p99);
      const p = await load({ url: `${base}/api/proxy/teams`, duration: roundSeconds });
      proxy.ok += p['2xx'];
      proxy.seconds += lasted(p);
      proxy.other += p.non2xx;
      proxy.p99.push(p.latency.p99);
    }
  } finally {
    await stop(hello);
  }
  const bareRate = bare.ok / bare.seconds;
  const proxyRate = proxy.ok / proxy.seconds;
  const ratio = proxyRate / bareRate;
  row(
    'proxy',
    'bare Fastify hello, req/s (10 connections)',
    Math.round(bareRate),
    `${rounds} ${rounds === 1 ? 'round' : 'rounds'} of ${roundSeconds} s asked (${(bare.seconds / rounds).toFixed(2)} s run), alternating, after 1 s of each untimed`,
  );
  row('proxy', 'bare Fastify hello, p99 (median of rounds)', `${median(bare.p99)} ms`);
  row(
    'proxy',
    'GET /api/proxy/teams, req/s (10 connections)',
    Math.round(proxyRate),
    `${proxy.other} non-2xx`,
  );
  row(
    'proxy',
    'GET /api/proxy/teams, p99 (median of rounds)',
    `${median(proxy.p99)} ms`,
    `goal <= 20 ms; rounds: ${proxy.p99.join(', ')} ms`,
  );
  row('proxy', 'proxy / bare hello', `${ratio.toFixed(2)}x`, 'goal >= 0.5x');
}

/** Sign-ups per second, then each read alone and beside 30 concurrent sign-ups. */
export async function signUpFigures(base) {
  const teams = await (await fetch(`${base}/api/proxy/teams`)).json();
  const teamId = Array.isArray(teams) && teams[0]?.id ? teams[0].id : 1;
  const signups = await signUps(base, teamId);
  row(
    'sign-up',
    'POST /api/users, accounts created/s (4 connections)',
    signups.perSecond.toFixed(1),
    `${signups.other} non-2xx, p99 ${signups.p99} ms`,
  );

  // Reads while sign-ups hash, side by side: each read alone, then the same read beside 30
  // concurrent sign-ups (goal: p99 at most 2x the idle p99).
  for (const [name, url] of [
    ['GET /api/proxy/teams', `${base}/api/proxy/teams`],
    ['GET /', `${base}/`],
  ]) {
    const alone = await load({ url, connections: 4 });
    const [beside, during] = await Promise.all([
      load({ url, connections: 4 }),
      signUps(base, teamId, 30),
    ]);
    const ratio = beside.latency.p99 / Math.max(1, alone.latency.p99);
    row(
      'reads beside sign-ups',
      `${name}: p99 alone / beside 30 sign-ups`,
      `${alone.latency.p99} / ${beside.latency.p99} ms`,
      `${ratio.toFixed(1)}x, goal <= 2x; ${during.perSecond.toFixed(1)} sign-ups/s meanwhile`,
    );
  }
}
