import { createSocket, type RemoteInfo } from 'node:dgram';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import dnsPacket, { type Answer, type Packet, type Question } from 'dns-packet';

/** One record a test zone publishes. TXT longer than 255 characters is split into strings, as DNS must. */
export type ZoneRecord =
  | { type: 'A'; address: string }
  | { type: 'AAAA'; address: string }
  | { type: 'MX'; exchange: string; priority: number }
  | { type: 'TXT'; text: string };

/**
 * The names a test server answers for (lower case, no trailing dot; '*.name' is a wildcard for
 * every name under it): records, or a failure — 'servfail' answers SERVFAIL, 'silent' never
 * answers (a timeout). Any other name is NXDOMAIN.
 */
export type Zones = Record<string, ZoneRecord[] | 'servfail' | 'silent'>;

export interface LocalDnsServer {
  /** '127.0.0.1:PORT', ready for DNS_SERVERS or Resolver.setServers. */
  address: string;
  /** Every question asked, in order, with the transport it came over. */
  queries: { name: string; type: string; transport: 'udp' | 'tcp' }[];
  close(): Promise<void>;
}

/** Classic DNS over UDP carries at most 512 bytes; a longer answer is truncated so the client asks over TCP (RFC 1035 §4.2.1). */
const UDP_MAX = 512;
const TTL = 60;

function toAnswer(name: string, record: ZoneRecord): Answer {
  switch (record.type) {
    case 'A':
    case 'AAAA':
      return { name, type: record.type, ttl: TTL, data: record.address };
    case 'MX':
      return { name, type: 'MX', ttl: TTL, data: { exchange: record.exchange, preference: record.priority } };
    case 'TXT': {
      const chunks = record.text.match(/[\s\S]{1,255}/g) ?? [''];
      return { name, type: 'TXT', ttl: TTL, data: chunks };
    }
  }
}

function lookupZone(zones: Zones, name: string): Zones[string] | undefined {
  const exact = zones[name];
  if (exact !== undefined) return exact;
  const labels = name.split('.');
  for (let i = 1; i < labels.length; i++) {
    const wildcard = zones[`*.${labels.slice(i).join('.')}`];
    if (wildcard !== undefined) return wildcard;
  }
  return undefined;
}

/** The answer packet to `query`, or null when the zone says to stay silent. */
function respond(zones: Zones, query: Packet): Packet | null {
  const question = query.questions?.[0] as Question | undefined;
  const base = { id: query.id, type: 'response' as const, questions: query.questions ?? [] };
  const flags = dnsPacket.AUTHORITATIVE_ANSWER | dnsPacket.RECURSION_AVAILABLE;
  if (!question) return { ...base, flags: flags | 1 /* FORMERR */ };
  const name = question.name.toLowerCase().replace(/\.$/, '');
  const zone = lookupZone(zones, name);
  if (zone === 'silent') return null;
  if (zone === 'servfail') return { ...base, flags: flags | 2 /* SERVFAIL */ };
  if (zone === undefined) return { ...base, flags: flags | 3 /* NXDOMAIN */ };
  const answers = zone.filter((r) => r.type === question.type).map((r) => toAnswer(question.name, r));
  return { ...base, flags, answers };
}

/**
 * A real DNS server for tests (RFC 1035 wire format by dns-packet) on 127.0.0.1, `port` (0: a
 * random one), over UDP and TCP: answers from `zones`, truncating UDP answers over 512 bytes so
 * that clients retry over TCP as real resolvers do. `zones` may be changed while it runs.
 */
export async function startDnsServer(zones: Zones, port = 0): Promise<LocalDnsServer> {
  const queries: LocalDnsServer['queries'] = [];
  const record = (packet: Packet, transport: 'udp' | 'tcp') => {
    const q = packet.questions?.[0];
    if (q) queries.push({ name: q.name.toLowerCase(), type: q.type, transport });
  };

  const connections = new Set<Socket>();
  const tcp = createServer((socket: Socket) => {
    connections.add(socket);
    socket.on('close', () => connections.delete(socket));
    let buffered = Buffer.alloc(0);
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk) => {
      buffered = Buffer.concat([buffered, chunk]);
      while (buffered.length >= 2 && buffered.length >= 2 + buffered.readUInt16BE(0)) {
        const length = buffered.readUInt16BE(0);
        const query = dnsPacket.decode(buffered.subarray(2, 2 + length));
        buffered = buffered.subarray(2 + length);
        record(query, 'tcp');
        const answer = respond(zones, query);
        if (answer) socket.write(dnsPacket.streamEncode(answer));
      }
    });
  });
  await new Promise<void>((resolve) => tcp.listen(port, '127.0.0.1', resolve));
  const bound = (tcp.address() as AddressInfo).port;

  const udp = createSocket('udp4');
  udp.on('message', (message: Buffer, from: RemoteInfo) => {
    let query: Packet;
    try {
      query = dnsPacket.decode(message);
    } catch {
      return; // not DNS: ignore, as a server would
    }
    record(query, 'udp');
    const answer = respond(zones, query);
    if (!answer) return;
    let wire = dnsPacket.encode(answer);
    if (wire.length > UDP_MAX)
      wire = dnsPacket.encode({
        ...answer,
        flags: (answer.flags ?? 0) | dnsPacket.TRUNCATED_RESPONSE,
        answers: [],
      });
    udp.send(wire, from.port, from.address);
  });
  await new Promise<void>((resolve, reject) => {
    udp.once('error', reject);
    udp.bind(bound, '127.0.0.1', () => resolve());
  });

  return {
    address: `127.0.0.1:${bound}`,
    queries,
    async close() {
      await Promise.all([
        new Promise<void>((resolve) => udp.close(() => resolve())),
        new Promise<void>((resolve) => {
          tcp.close(() => resolve());
          for (const socket of connections) socket.destroy();
        }),
      ]);
    },
  };
}
