import { randomInt } from 'node:crypto';
import { domainToASCII } from 'node:url';
import dnsPacket from 'dns-packet';
import { normaliseName, toDnsRecord } from './records.js';
import { parseDnsServer, type DnsServer } from './server-address.js';
import { tcpExchange, udpExchange } from './transport.js';
import {
  DNS_RECORD_TYPES,
  DnsError,
  type DnsAnswer,
  type DnsLookup,
  type DnsRecord,
  type DnsRecordType,
} from './types.js';

export interface DnsClientOptions {
  /** Resolvers to ask, in order: "ip" or "ip:port" ("[v6]:port"). */
  servers: string[];
  /** Per attempt (default 2 s). */
  timeoutMs?: number;
  /** Further attempts after the first, rotating through the servers (default 2). */
  retries?: number;
}

const RCODE = { NOERROR: 0, SERVFAIL: 2, NXDOMAIN: 3, REFUSED: 5 } as const;

function encodeQuery(name: string, type: DnsRecordType): Buffer {
  return dnsPacket.encode({
    type: 'query',
    id: randomInt(0, 0x10000),
    flags: dnsPacket.RECURSION_DESIRED,
    questions: [{ type, name, class: 'IN' }],
    // EDNS0 with the 1232-byte payload size DNS Flag Day 2020 settled on; bigger answers come back truncated.
    additionals: [
      {
        type: 'OPT',
        name: '.',
        udpPayloadSize: 1232,
        extendedRcode: 0,
        ednsVersion: 0,
        flags: 0,
        flag_do: false,
        options: [],
      },
    ],
  });
}

function decode(buf: Buffer, server: DnsServer): dnsPacket.DecodedPacket {
  try {
    return dnsPacket.decode(buf);
  } catch (err) {
    throw new DnsError('bad_response', `${server.label} sent an unreadable DNS message`, { cause: err });
  }
}

/** A stub resolver client over UDP (TCP when truncated) for the record types Sitefleet tracks. */
export class DnsClient {
  private readonly servers: DnsServer[];
  private readonly timeoutMs: number;
  private readonly retries: number;

  constructor(options: DnsClientOptions) {
    if (options.servers.length === 0) throw new Error('DnsClient needs at least one server');
    this.servers = options.servers.map(parseDnsServer);
    this.timeoutMs = options.timeoutMs ?? 2_000;
    this.retries = options.retries ?? 2;
  }

  /** One question. NXDOMAIN is an answer (nxdomain: true); SERVFAIL, REFUSED and silence are DnsErrors. */
  async query(name: string, type: DnsRecordType): Promise<DnsAnswer> {
    const qname = normaliseName(domainToASCII(name.trim()) || name);
    let lastError: DnsError | null = null;
    for (let attempt = 0; attempt <= this.retries; attempt += 1) {
      const server = this.servers[attempt % this.servers.length]!;
      try {
        return await this.ask(server, qname, type);
      } catch (err) {
        if (!(err instanceof DnsError)) throw err;
        lastError = err;
      }
    }
    throw lastError ?? new DnsError('timeout', `No answer for ${qname} ${type}`);
  }

  private async ask(server: DnsServer, qname: string, type: DnsRecordType): Promise<DnsAnswer> {
    const query = encodeQuery(qname, type);
    let packet = decode(await udpExchange(server, query, this.timeoutMs), server);
    if (packet.flag_tc) packet = decode(await tcpExchange(server, query, this.timeoutMs), server);
    if (packet.id !== query.readUInt16BE(0))
      throw new DnsError('bad_response', `${server.label} answered a different query`);
    const question = packet.questions?.[0];
    if (question && (normaliseName(question.name) !== qname || question.type !== type))
      throw new DnsError('bad_response', `${server.label} answered a different question`);
    const rcode = (packet.flags ?? 0) & 0xf;
    const answer = { name: qname, type, server: server.label };
    if (rcode === RCODE.NXDOMAIN) return { ...answer, records: [], nxdomain: true };
    if (rcode === RCODE.SERVFAIL)
      throw new DnsError('servfail', `${server.label} failed to resolve ${qname} ${type}`);
    if (rcode === RCODE.REFUSED) throw new DnsError('refused', `${server.label} refused to resolve ${qname}`);
    if (rcode !== RCODE.NOERROR)
      throw new DnsError('bad_response', `${server.label} answered rcode ${rcode}`);
    // Keep the records of the name asked about; a CNAME chain's later links belong to other names.
    const records = (packet.answers ?? [])
      .filter((a) => a.type === type && normaliseName(a.name) === qname)
      .map(toDnsRecord)
      .filter((r): r is DnsRecord => r !== null);
    return { ...answer, records, nxdomain: false };
  }

  /** Records of one type; empty when the name or the type does not exist. */
  async lookup(name: string, type: DnsRecordType): Promise<DnsRecord[]> {
    return (await this.query(name, type)).records;
  }

  /** Every tracked type at once. Fails as a whole if any type fails, so a partial view never looks like deletions. */
  async resolveAll(name: string): Promise<DnsLookup> {
    const answers = await Promise.all(DNS_RECORD_TYPES.map((type) => this.query(name, type)));
    return {
      name: answers[0]!.name,
      records: answers.flatMap((a) => a.records),
      nxdomain: answers.some((a) => a.nxdomain),
    };
  }

  async lookupAll(name: string): Promise<DnsRecord[]> {
    return (await this.resolveAll(name)).records;
  }
}
