import { type ChangeEvent, useState } from 'react';
import { type CoverageFile, parseCoverage } from './coverage.ts';
import * as styles from './StatechartPage.css.ts';
import { Swatch } from './Swatch.tsx';

export function CoveragePanel({
  file,
  shown,
  onLoad,
  onShow,
}: {
  file: CoverageFile | null;
  shown: boolean;
  onLoad: (file: CoverageFile) => void;
  onShow: (shown: boolean) => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const read = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    if (chosen === undefined) return;
    const parsed = parseCoverage(await chosen.text());
    if (typeof parsed === 'string') setError(parsed);
    else {
      setError(null);
      onLoad(parsed);
    }
  };
  return (
    <div className={styles.section}>
      <h2 className={styles.sectionTitle}>Coverage by the path suites</h2>
      {file === null ? (
        <p className={styles.warning} role="status">
          No coverage loaded. Run <span className={styles.code}>pnpm test:paths</span>: it writes{' '}
          <span className={styles.code}>reports/paths/coverage.json</span> at the repository's root.
          Then choose that file here.
        </p>
      ) : (
        <p role="status">
          Coverage of {file.generatedAt} ({file.levels.join(', ')}).
        </p>
      )}
      <label className={styles.section}>
        Coverage file (coverage.json)
        <input type="file" accept="application/json,.json" onChange={(event) => void read(event)} />
      </label>
      {error === null ? null : <p className={styles.warning}>{error}</p>}
      <label>
        <input
          type="checkbox"
          checked={shown && file !== null}
          disabled={file === null}
          onChange={(event) => onShow(event.target.checked)}
        />{' '}
        Colour the arrows by coverage
      </label>
      <ul className={styles.legend}>
        <li>
          <Swatch className={styles.coverage.all} /> taken at every level (
          {file?.levels.join(', ') ?? 'machine, jsdom, chromium'})
        </li>
        <li>
          <Swatch className={styles.coverage.some} /> taken at some levels only
        </li>
        <li>
          <Swatch className={styles.coverage.none} /> taken by no path
        </li>
      </ul>
    </div>
  );
}
