import { describe, expect, it } from 'vitest';
import { checkState } from './columns';
import { discoveryMessage } from './DiscoverServicesButton';
import { evidenceLines } from './ServiceEvidence';

describe('service discovery in the console', () => {
  it('tells a check in words: DNS questions, CNAMEs, addresses, the HTTP answer', () => {
    expect(
      evidenceLines({
        check: 'http',
        dns: [
          { name: 'www.example.com', type: 'A', answers: [], nxdomain: false, server: '1.1.1.1:53' },
          {
            name: 'www.example.com',
            type: 'CNAME',
            answers: ['example.com'],
            nxdomain: false,
            server: '1.1.1.1:53',
          },
          { name: 'example.com', type: 'A', answers: ['192.0.2.1'], nxdomain: false, server: '1.1.1.1:53' },
        ],
        cnames: ['example.com'],
        addresses: ['192.0.2.1'],
        http: {
          method: 'HEAD',
          status: 200,
          final_url: 'https://example.com/',
          redirects: ['https://www.example.com/'],
          error: null,
        },
        error: null,
      }),
    ).toEqual([
      'DNS www.example.com A: no record (1.1.1.1:53)',
      'DNS www.example.com CNAME: example.com (1.1.1.1:53)',
      'DNS example.com A: 192.0.2.1 (1.1.1.1:53)',
      'Through CNAME: example.com',
      'Addresses: 192.0.2.1',
      'Redirected from https://www.example.com/',
      'HEAD: HTTP 200 at https://example.com/',
    ]);
    expect(
      evidenceLines({
        dns: [
          { name: 'gone.example', type: 'NS', answers: [], nxdomain: false, server: '', error: 'timed out' },
        ],
        http: { method: 'GET', status: null, final_url: null, redirects: [], error: 'connect ECONNREFUSED' },
        error: 'No answer for gone.example NS',
      }),
    ).toEqual([
      'DNS gone.example NS: failed: timed out',
      'GET: no answer (connect ECONNREFUSED)',
      'The resolvers failed: No answer for gone.example NS',
    ]);
  });

  it('says Verified, Failed or Not checked, and sums a discovery up', () => {
    expect(checkState({ verified: true, last_checked: 1 })).toBe('Verified');
    expect(checkState({ verified: false, last_checked: 1 })).toBe('Failed');
    expect(checkState({ verified: false, last_checked: null })).toBe('Not checked');
    expect(discoveryMessage({ added: [1], listed: [1, 2], unanswered: [] })).toBe(
      'Discovery added 1 service; 2 already listed, 0 not answering',
    );
  });
});
