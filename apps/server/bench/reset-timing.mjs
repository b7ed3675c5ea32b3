// The time of a password reset request for an address with an account and without one.
import { resetSamples } from './config.mjs';
import { row } from './table.mjs';

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The reset request's medians (BENCH_RESET_SAMPLES pairs) at the tracker's front door. */
export async function resetFigures(trackerBase) {
  // A reset request takes as long for an address with an account as for one without (both
  // queue a job, due at a random moment within a second, that looks the address up): the medians
  // of resetSamples requests each, after a few unmeasured ones. They go in pairs, each pair in a
  // random order, so the jobs of earlier requests (and any other load) fall on both alike; a new
  // address without an account each time, as an attacker probing addresses would send.
  const known = `bench-${process.pid}-1@example.org`;
  const times = { known: [], unknown: [], other: 0 };
  const askReset = async (email) => {
    const started = performance.now();
    const answer = await fetch(`${trackerBase}/api/password-resets`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: trackerBase },
      body: JSON.stringify({ email }),
    });
    await answer.arrayBuffer();
    return answer.status === 202 ? performance.now() - started : null;
  };
  for (let i = 0; i < 10; i += 1) await askReset(`warm-up-${process.pid}-${i}@example.org`);
  // Each pair's difference (account minus none) as well: the load of the moment cancels out.
  const differences = [];
  for (let i = 0; i < resetSamples; i += 1) {
    const pair = Math.random() < 0.5 ? ['known', 'unknown'] : ['unknown', 'known'];
    const took = {};
    for (const which of pair) {
      took[which] = await askReset(
        which === 'known' ? known : `nobody-${process.pid}-${i}@example.org`,
      );
      if (took[which] === null) times.other += 1;
      else times[which].push(took[which]);
    }
    if (took.known !== null && took.unknown !== null) differences.push(took.known - took.unknown);
  }
  const medianMs = (values) => (values.length === 0 ? Number.NaN : median(values));
  const quartiles = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    const at = (q) => sorted[Math.floor(q * (sorted.length - 1))] ?? Number.NaN;
    return `${at(0.25).toFixed(1)}-${at(0.75).toFixed(1)}`;
  };
  row(
    'reset request',
    'POST /api/password-resets median: an account / no account',
    `${medianMs(times.known).toFixed(1)} / ${medianMs(times.unknown).toFixed(1)} ms`,
    `${times.known.length} + ${times.unknown.length} answered 202, ${times.other} other; ` +
      `quartiles ${quartiles(times.known)} / ${quartiles(times.unknown)} ms; per pair an account ` +
      `took ${medianMs(differences).toFixed(2)} ms more (median), longer in ` +
      `${differences.filter((d) => d > 0).length} of ${differences.length}`,
  );
}
