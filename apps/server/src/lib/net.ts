import { BlockList, isIP } from 'node:net';

/** `::ffff:1.2.3.4` (IPv4 seen on a dual-stack socket) → `1.2.3.4`; other input unchanged. */
export function normalizeIp(ip: string): string {
  const m = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  return m?.[1] ?? ip;
}

export function familyOf(ip: string): 'ipv4' | 'ipv6' | null {
  const f = isIP(ip);
  return f === 4 ? 'ipv4' : f === 6 ? 'ipv6' : null;
}

/** Parses `a.b.c.d/n` or `x::y/n`; null when it is not a valid CIDR. */
export function parseCidr(s: string): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } | null {
  const [address, prefixText, extra] = s.split('/');
  if (!address || prefixText === undefined || extra !== undefined || !/^\d{1,3}$/.test(prefixText))
    return null;
  const family = familyOf(address);
  const prefix = Number(prefixText);
  if (!family || prefix > (family === 'ipv4' ? 32 : 128)) return null;
  return { address, prefix, family };
}

/** A set of addresses and ranges (TRUST_PROXY entries, region rules) to test addresses against. */
export function addressSet(entries: readonly string[]): (ip: string) => boolean {
  const list = new BlockList();
  let empty = true;
  for (const e of entries) {
    const cidr = parseCidr(e);
    if (cidr) {
      list.addSubnet(cidr.address, cidr.prefix, cidr.family);
      empty = false;
    } else {
      const family = familyOf(e);
      if (family) {
        list.addAddress(e, family);
        empty = false;
      }
    }
  }
  return (ip) => {
    if (empty) return false;
    const addr = normalizeIp(ip);
    const family = familyOf(addr);
    return family ? list.check(addr, family) : false;
  };
}

export const isLoopback = addressSet(['127.0.0.0/8', '::1']);
