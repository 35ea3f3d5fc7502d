import { timingSafeEqual } from 'node:crypto';
import { BlockList } from 'node:net';
import type { Config } from '../../lib/config.ts';

/** Who may read /metrics: 'ok', or the status to refuse with (404: metrics off or not from an allowed network). */
export type MetricsAccess = (clientIp: string, authorization: string | undefined) => 'ok' | 401 | 404;

/** `::ffff:10.0.0.1` (an IPv4 client of a dual-stack socket) is 10.0.0.1. */
function normalise(ip: string): { ip: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return { ip: mapped[1]!, family: 'ipv4' };
  return { ip, family: ip.includes(':') ? 'ipv6' : 'ipv4' };
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Never public by default: with neither METRICS_TOKEN nor METRICS_ALLOW_CIDRS every scrape gets 404. With
 * an allow-list, a client outside it gets 404 (the endpoint does not show); with a token, a scrape without
 * `Authorization: Bearer <token>` gets 401. With both, both are required.
 */
export function metricsAccess(config: Pick<Config, 'METRICS_TOKEN' | 'METRICS_ALLOW_CIDRS'>): MetricsAccess {
  const token = config.METRICS_TOKEN;
  const cidrs = config.METRICS_ALLOW_CIDRS;
  if (!token && !cidrs) return () => 404;
  let allowed: BlockList | null = null;
  if (cidrs) {
    allowed = new BlockList();
    for (const net of cidrs) allowed.addSubnet(net.address, net.prefix, net.family);
  }
  return (clientIp, authorization) => {
    if (allowed) {
      const { ip, family } = normalise(clientIp);
      if (!allowed.check(ip, family)) return 404;
    }
    if (token) {
      const match = /^Bearer\s+(.+)$/i.exec(authorization ?? '');
      if (!match || !sameSecret(match[1]!.trim(), token)) return 401;
    }
    return 'ok';
  };
}
