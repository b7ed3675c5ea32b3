/**
 * Where every part of the cluster listens, and the HAProxy configuration made from it. The local
 * cluster and the deployment example (deploy/haproxy.cfg) are rendered by the same function, so
 * the file a person deploys is the one the cluster test runs.
 */

import {
  DEFAULT_SITE_PORT,
  DEFAULT_TRACKER_PORT,
  DEFAULT_TRACKER_PUBLIC_PORT,
  HEALTH_API,
} from '@app/contracts';

export interface Backend {
  /** The server's name in HAProxy (also the value of the stickiness cookie for sites). */
  name: string;
  host: string;
  port: number;
}

export interface Layout {
  /** Address HAProxy's frontends bind to. */
  bindHost: string;
  /** Public: the site (browsers). */
  sitePort: number;
  /** Public: the tracker's front door (members and operators). */
  frontDoorPort: number;
  /** Internal: the tracker API the sites call with the API key. */
  trackerApiPort: number;
  /** Internal: HAProxy's statistics page (CSV at `/;csv`). */
  statsPort: number;
  sites: Backend[];
  trackers: Backend[];
  frontDoors: Backend[];
  /** Path each backend's health check asks for. */
  checks: { site: string; tracker: string; frontDoor: string };
  /** HAProxy's runtime API socket (admin level). */
  statsSocket: string;
  /**
   * Where each site and tracker serves GET /metrics (METRICS_HOST, METRICS_PORT): loopback or a
   * private address only Prometheus reaches. Named after the process.
   */
  metrics: Backend[];
  /** Prometheus' own web port (its API, its alerts), on the machine that runs it. */
  prometheusPort: number;
  /** Where logs go: `/dev/log` under systemd, stdout in a container or the local cluster. */
  logTarget: string;
  /**
   * A DNS server to look the backends' names up at run time (Docker's 127.0.0.11); servers whose
   * names do not resolve yet start down instead of stopping HAProxy.
   */
  nameserver?: string;
}

/**
 * Readiness, the same path on every process: 200 while it takes requests, 503 while it drains
 * after SIGTERM or cannot reach its database (trackers) or its tracker (sites).
 */
export const READY_CHECKS = {
  site: HEALTH_API.ready.url,
  tracker: HEALTH_API.ready.url,
  frontDoor: HEALTH_API.ready.url,
} as const;

/** Offsets from a base port, so a whole cluster fits in a small block of ports. */
export function localLayout(base: number, host = '127.0.0.1'): Layout {
  return {
    bindHost: host,
    sitePort: base,
    frontDoorPort: base + 1,
    trackerApiPort: base + 2,
    statsPort: base + 3,
    sites: [0, 1].map((i) => ({ name: `site${i + 1}`, host, port: base + 10 + i })),
    trackers: [0, 1].map((i) => ({ name: `tracker${i + 1}`, host, port: base + 12 + i })),
    frontDoors: [0, 1].map((i) => ({ name: `door${i + 1}`, host, port: base + 14 + i })),
    metrics: ['site1', 'site2', 'tracker1', 'tracker2'].map((name, i) => ({
      name,
      host,
      port: base + 4 + i,
    })),
    prometheusPort: base + 8,
    checks: { ...READY_CHECKS },
    statsSocket: 'haproxy.sock',
    logTarget: 'stdout format raw local0',
  };
}

/** Each machine's metrics listener in the deployment examples (Prometheus' exporters' usual port). */
const METRICS_PORT = 9464;

/**
 * Two machines of each kind on the product's default ports (`@app/contracts/addresses`): a site,
 * a tracker API and its front door on the same machine as that tracker.
 */
function pairs(
  siteHosts: readonly [string, string],
  trackerHosts: readonly [string, string],
): Pick<Layout, 'sites' | 'trackers' | 'frontDoors' | 'metrics'> {
  return {
    metrics: [
      ...siteHosts.map((host, i) => ({ name: `site${i + 1}`, host, port: METRICS_PORT })),
      ...trackerHosts.map((host, i) => ({ name: `tracker${i + 1}`, host, port: METRICS_PORT })),
    ],
    sites: siteHosts.map((host, i) => ({ name: `site${i + 1}`, host, port: DEFAULT_SITE_PORT })),
    trackers: trackerHosts.map((host, i) => ({
      name: `tracker${i + 1}`,
      host,
      port: DEFAULT_TRACKER_PORT,
    })),
    frontDoors: trackerHosts.map((host, i) => ({
      name: `door${i + 1}`,
      host,
      port: DEFAULT_TRACKER_PUBLIC_PORT,
    })),
  };
}

/** The deployment example: the balancer on port 80/8080, each instance on its own machine. */
export const DEPLOY_LAYOUT: Layout = {
  bindHost: '0.0.0.0',
  sitePort: 80,
  frontDoorPort: 8080,
  trackerApiPort: DEFAULT_TRACKER_PORT,
  statsPort: 8404,
  prometheusPort: 9090,
  ...pairs(['10.0.0.11', '10.0.0.12'], ['10.0.0.21', '10.0.0.22']),
  checks: { ...READY_CHECKS },
  statsSocket: '/run/haproxy/admin.sock',
  logTarget: '/dev/log local0',
};

/** The compose example (deploy/compose.yaml): one container per instance, found by name. */
export const COMPOSE_LAYOUT: Layout = {
  ...DEPLOY_LAYOUT,
  // The haproxy image runs as a user that cannot bind ports under 1024.
  sitePort: 8000,
  frontDoorPort: 8001,
  ...pairs(['site1', 'site2'], ['tracker1', 'tracker2']),
  statsSocket: '/tmp/haproxy.sock',
  logTarget: 'stdout format raw local0',
  nameserver: '127.0.0.11:53',
};

/** The cookie HAProxy sets to keep a browser on the site instance that took its writes. */
export const STICKY_COOKIE = 'ap_instance';

function servers(list: Backend[], sticky: boolean, dns: boolean): string[] {
  return list.map(
    (b) =>
      `  server ${b.name} ${b.host}:${b.port} check${sticky ? ` cookie ${b.name}` : ''}` +
      (dns ? ' resolvers dns init-addr last,libc,none' : ''),
  );
}

export function renderHaproxyConfig(layout: Layout): string {
  const { bindHost } = layout;
  const dns = layout.nameserver !== undefined;
  const lines = [
    '# HAProxy in front of two site servers and two trackers (API and front door).',
    '# Rendered from packages/cluster/src/layout.ts; docs/decisions/0022 says why it is so.',
    'global',
    `  log ${layout.logTarget}`,
    '  maxconn 4096',
    `  stats socket ${layout.statsSocket} mode 600 level admin expose-fd listeners`,
    '',
    ...(layout.nameserver
      ? ['resolvers dns', `  nameserver dns ${layout.nameserver}`, '  hold valid 10s', '']
      : []),
    'defaults',
    '  mode http',
    '  log global',
    '  option httplog',
    '  option forwardfor',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout http-request 10s',
    '  timeout http-keep-alive 10s',
    '  timeout queue 15s',
    '  timeout check 2s',
    // A request is tried again (on another server) when it never reached a server, when the
    // server closed without answering, or when it answered 503: the site and the tracker answer
    // 503 only before doing anything (draining, hashing queue full), and every write the product
    // offers is safe to send twice (idempotency keys, one hold per session).
    // The whole request (up to the buffer, 16 kB) is read before a server is chosen: a request
    // that is still in the buffer can be sent again, and a slow client holds no server.
    '  option http-buffer-request',
    '  retries 3',
    '  option redispatch 1',
    '  retry-on conn-failure empty-response 503',
    '  default-server inter 1s fastinter 250ms downinter 1s fall 2 rise 2',
    '',
    // The servers' Keep-Alive hint (Node: 72 s) is about their connection with HAProxy. Passed
    // on, it keeps a client's idle connection open past HAProxy's own 10 s, and a request sent
    // on it just as HAProxy closes it is lost: each frontend removes it.
    'frontend site',
    `  bind ${bindHost}:${layout.sitePort}`,
    '  http-response del-header keep-alive',
    '  default_backend sites',
    '',
    'frontend front_door',
    `  bind ${bindHost}:${layout.frontDoorPort}`,
    '  http-response del-header keep-alive',
    '  default_backend front_doors',
    '',
    '# The tracker API is for the site servers only: keep this port off the public network.',
    'frontend tracker_api',
    `  bind ${bindHost}:${layout.trackerApiPort}`,
    '  http-response del-header keep-alive',
    '  default_backend tracker_apis',
    '',
    '# Statistics and server states, for the machine itself only.',
    'frontend stats',
    `  bind 127.0.0.1:${layout.statsPort}`,
    '  stats enable',
    '  stats uri /',
    '  stats refresh 5s',
    '',
    '# A browser stays on the site instance that answered its first request (read-your-own-writes',
    '# through the in-process read cache); it moves only when that instance is down or draining.',
    'backend sites',
    '  balance roundrobin',
    `  cookie ${STICKY_COOKIE} insert indirect nocache httponly attr "SameSite=Lax" attr "Path=/"`,
    `  option httpchk GET ${layout.checks.site}`,
    '  http-check expect status 200',
    ...servers(layout.sites, true, dns),
    '',
    '# Sessions live in the database: any tracker serves any member.',
    'backend front_doors',
    '  balance roundrobin',
    `  option httpchk GET ${layout.checks.frontDoor}`,
    '  http-check expect status 200',
    ...servers(layout.frontDoors, false, dns),
    '',
    '# Sign-ups wait for password hashing: the least busy tracker takes the next request.',
    'backend tracker_apis',
    '  balance leastconn',
    `  option httpchk GET ${layout.checks.tracker}`,
    '  http-check expect status 200',
    ...servers(layout.trackers, false, dns),
    '',
  ];
  return lines.join('\n');
}
