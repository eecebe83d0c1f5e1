import { describe, expect, it } from 'vitest';
import { failedOutcome, refreshOutcome } from './jobOutput';

describe('refresh outcome (SPEC §7.1, §8)', () => {
  it('succeeds when failed_job_output is empty, keeping the messages', () => {
    expect(
      refreshOutcome({ job_output: [{ output: { message: 'DNS: 4 records' } }], failed_job_output: [] }),
    ).toEqual({ ok: true, messages: ['DNS: 4 records'], failures: [] });
  });

  it('fails when any item failed, listing the failure messages', () => {
    expect(
      refreshOutcome({
        job_output: [{ output: { message: 'DNS: ok' } }],
        failed_job_output: [{ output: { message: 'WHOIS: timeout' } }, { output: { message: '' } }],
      }),
    ).toEqual({ ok: false, messages: ['DNS: ok'], failures: ['WHOIS: timeout'] });
    expect(failedOutcome('Generic error!')).toEqual({
      ok: false,
      messages: [],
      failures: ['Generic error!'],
    });
  });
});
