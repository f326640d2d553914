/**
 * Client network addresses, by one set of rules. The key of every per-address limit: an IPv4
 * address counts alone; an IPv6 client counts as its /64 (one subscriber's network: anyone with
 * a /64 holds 2^64 addresses); an IPv4-mapped IPv6 address counts as the IPv4 address. And the
 * shortened address that staff see and the audit trail keeps (shortNetwork).
 */
import { createHash } from "node:crypto";
import ipaddr from "ipaddr.js";

/** An address as a client sends it, without brackets and zone. */
const cleaned = (ip: string) =>
  ip
    .trim()
    .replace(/^\[|\]$/g, "")
    .replace(/%.*$/, "");

/** The address parsed, an IPv4-mapped IPv6 address as IPv4; undefined when it is none. */
function parseAddress(ip: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  const text = cleaned(ip);
  let addr: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    addr = ipaddr.parse(text);
  } catch {
    return undefined;
  }
  // An IPv4-mapped IPv6 address is the IPv4 address.
  return addr.kind() === "ipv6" && (addr as ipaddr.IPv6).isIPv4MappedAddress()
    ? (addr as ipaddr.IPv6).toIPv4Address()
    : addr;
}

/** The network a limit counts: "v4:a.b.c.d", "v6:xxxx:xxxx:xxxx:xxxx::/64", or the raw text. */
export function limitNetwork(ip: string): string {
  const addr = parseAddress(ip);
  if (!addr) return `raw:${cleaned(ip).toLowerCase()}`;
  if (addr.kind() === "ipv4") return `v4:${addr.toString()}`;
  const parts = (addr as ipaddr.IPv6).parts.slice(0, 4).map((p) => p.toString(16));
  return `v6:${parts.join(":")}::/64`;
}

/** A salted hash of the client's network, the key every per-address limit counts under. */
export function clientKeyOf(secret: string, ip: string): string {
  return createHash("sha256")
    .update(`${secret}:${limitNetwork(ip)}`)
    .digest("base64url")
    .slice(0, 22);
}

/**
 * The address as staff may see it, and as the audit trail keeps it after AUDIT_ADDRESS_DAYS (the
 * privacy notice's rule): an IPv4 address shortened to its
 * /24 ("203.0.113.0/24"), an IPv6 address to its /48 ("2001:db8:1::/48"); null when it is not an
 * address at all.
 */
export function shortNetwork(ip: string): string | null {
  const addr = parseAddress(ip);
  if (!addr) return null;
  if (addr.kind() === "ipv4") {
    const o = (addr as ipaddr.IPv4).octets;
    return `${o[0]}.${o[1]}.${o[2]}.0/24`;
  }
  const p = (addr as ipaddr.IPv6).parts;
  const net = new ipaddr.IPv6([p[0]!, p[1]!, p[2]!, 0, 0, 0, 0, 0]);
  return `${net.toString()}/48`;
}
