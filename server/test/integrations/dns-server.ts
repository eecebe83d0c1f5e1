import dgram from 'node:dgram';
import net from 'node:net';
import dnsPacket, { type Answer, type DecodedPacket } from 'dns-packet';

/** Answers by owner name, then by type. */
export type Zone = Record<string, Answer[]>;

export interface LocalDnsServer {
  port: number;
  address: string;
  udpQueries: () => number;
  tcpQueries: () => number;
  close(): Promise<void>;
}

export interface DnsServerBehaviour {
  /** Names answered with TC set (and no records) over UDP, so the client must retry over TCP. */
  truncate?: string[];
  servfail?: string[];
  /** Send a reply with a wrong id before the real one. */
  spoofFirst?: boolean;
  /** Never answer at all. */
  silent?: boolean;
}

function respond(query: DecodedPacket, zone: Zone, behaviour: DnsServerBehaviour, overUdp: boolean): Buffer {
  const question = query.questions?.[0];
  const name = (question?.name ?? '').toLowerCase();
  const rd = (query.flags ?? 0) & dnsPacket.RECURSION_DESIRED;
  const head = { type: 'response' as const, id: query.id ?? 0, questions: query.questions ?? [] };
  const flags = dnsPacket.AUTHORITATIVE_ANSWER | rd;
  if (behaviour.servfail?.includes(name)) return dnsPacket.encode({ ...head, flags: flags | 2 });
  const owned = zone[name];
  if (!owned) {
    const soa = (zone['example.test'] ?? []).filter((a) => a.type === 'SOA');
    return dnsPacket.encode({ ...head, flags: flags | 3, authorities: soa });
  }
  if (overUdp && behaviour.truncate?.includes(name))
    return dnsPacket.encode({ ...head, flags: flags | dnsPacket.TRUNCATED_RESPONSE });
  const cname = owned.find((a) => a.type === 'CNAME');
  let answers = owned.filter((a) => a.type === question?.type);
  if (cname && question?.type !== 'CNAME' && cname.type === 'CNAME') {
    // As a resolver would: the CNAME, then the target's records of the asked type.
    answers = [cname, ...(zone[cname.data] ?? []).filter((a) => a.type === question?.type)];
  }
  return dnsPacket.encode({ ...head, flags, answers });
}

/** A small authoritative-style DNS server on 127.0.0.1, UDP and TCP on the same port. */
export async function startDnsServer(
  zone: Zone,
  behaviour: DnsServerBehaviour = {},
): Promise<LocalDnsServer> {
  // The UDP port is chosen by the system; the same TCP port is very rarely taken, so try a few times.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await tryStart(zone, behaviour);
    } catch (err) {
      if (attempt >= 5) throw err;
    }
  }
}

async function tryStart(zone: Zone, behaviour: DnsServerBehaviour): Promise<LocalDnsServer> {
  let udp = 0;
  let tcp = 0;
  const udpSocket = dgram.createSocket('udp4');
  udpSocket.on('message', (msg, rinfo) => {
    udp += 1;
    if (behaviour.silent) return;
    const query = dnsPacket.decode(msg);
    const reply = respond(query, zone, behaviour, true);
    if (behaviour.spoofFirst) {
      const spoof = Buffer.from(reply);
      spoof.writeUInt16BE((reply.readUInt16BE(0) + 1) & 0xffff, 0);
      udpSocket.send(spoof, rinfo.port, rinfo.address);
    }
    udpSocket.send(reply, rinfo.port, rinfo.address);
  });
  await new Promise<void>((resolve) => udpSocket.bind(0, '127.0.0.1', resolve));
  const port = udpSocket.address().port;
  const tcpServer = net.createServer((socket) => {
    let buffered = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      if (buffered.length < 2 || buffered.length < buffered.readUInt16BE(0) + 2) return;
      tcp += 1;
      const reply = respond(dnsPacket.decode(buffered.subarray(2)), zone, behaviour, false);
      const length = Buffer.alloc(2);
      length.writeUInt16BE(reply.length);
      socket.end(Buffer.concat([length, reply]));
    });
  });
  await new Promise<void>((resolve, reject) => {
    tcpServer.once('error', (err) => udpSocket.close(() => reject(err)));
    tcpServer.listen(port, '127.0.0.1', resolve);
  });
  return {
    port,
    address: `127.0.0.1:${port}`,
    udpQueries: () => udp,
    tcpQueries: () => tcp,
    close: async () => {
      await new Promise<void>((resolve) => udpSocket.close(() => resolve()));
      await new Promise<void>((resolve) => tcpServer.close(() => resolve()));
    },
  };
}
