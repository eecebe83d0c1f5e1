import { readImportFile, type ImportAction } from '@sitefleet/shared';
import { useEffect, useMemo, useState } from 'react';
import { callAction } from '../../providers/actions';
import { errorMessage } from '../../providers/http';
import {
  applyFailure,
  applyResults,
  initialRows,
  rowsIn,
  type ImportRowState,
  type Sent,
} from './importRows';

/** How long typing in the paste box rests before the rows are checked. */
const CHECK_DELAY_MS = 300;

interface Checked {
  /** The parse these states belong to: a new text starts over. */
  of: readonly ImportRowState[];
  rows: ImportRowState[];
  done: boolean;
}

/**
 * The rows of a CSV text in an import dialog: read in the browser by the declaration, required cells checked
 * at once, then every other row checked by the server's dry run (exactly as the import will check it);
 * `run` imports the rows that are ready or already stored, in one call (one transaction).
 */
export function useImport(action: ImportAction, text: string) {
  const spec = action.import;
  const file = useMemo(() => readImportFile(spec, text), [spec, text]);
  const initial = useMemo(() => (file.problem ? [] : initialRows(spec, file)), [spec, file]);
  const [checked, setChecked] = useState<Checked | null>(null);
  const [busy, setBusy] = useState(false);
  const current = checked?.of === initial ? checked : null;
  const rows = current?.rows ?? initial;

  const call = async (sent: Sent, dryRun: boolean, from: readonly ImportRowState[]) => {
    try {
      const res = await callAction(action, {
        body: { rows: sent.rows, ...(dryRun ? { dry_run: true } : {}) },
      });
      return applyResults(from, sent, res.data.results, dryRun);
    } catch (error) {
      return applyFailure(from, sent, errorMessage(error));
    }
  };

  useEffect(() => {
    const sent = rowsIn(initial, ['checking']);
    if (!sent.rows.length) return;
    let live = true;
    const timer = setTimeout(() => {
      void call(sent, true, initial).then((next) => {
        if (live) setChecked({ of: initial, rows: next, done: false });
      });
    }, CHECK_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [initial]);

  const toImport = rowsIn(rows, ['ready', 'exists']);
  const run = async () => {
    setBusy(true);
    const next = await call(toImport, false, rows);
    setChecked({ of: initial, rows: next, done: true });
    setBusy(false);
  };

  return {
    file,
    rows,
    checking: rows.some((r) => r.status === 'checking'),
    done: current?.done === true,
    busy,
    count: toImport.rows.length,
    run,
  };
}
