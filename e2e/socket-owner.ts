import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/**
 * Whether process `pid` holds the IPv4 TCP socket whose local port is `localPort` and whose peer
 * is port `peerPort`: what a test server's connection says about which local process opened it.
 * Linux only: reads the socket's inode from /proc/net/tcp (proc(5): local and remote address as
 * hex `ADDR:PORT`, the inode in the tenth column) and looks for it among `/proc/<pid>/fd`.
 */
export function ownsSocket(pid: number, localPort: number, peerPort: number): boolean {
  const hexPort = (port: number) => port.toString(16).toUpperCase().padStart(4, '0');
  const line = readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .map((l) => l.trim().split(/\s+/))
    .find(
      (cols) => cols[1]?.endsWith(`:${hexPort(localPort)}`) && cols[2]?.endsWith(`:${hexPort(peerPort)}`),
    );
  if (!line) return false;
  const target = `socket:[${line[9]}]`;
  try {
    return readdirSync(`/proc/${pid}/fd`).some((fd) => {
      try {
        return readlinkSync(`/proc/${pid}/fd/${fd}`) === target;
      } catch {
        return false; // closed since the listing
      }
    });
  } catch {
    return false; // the process is gone
  }
}
