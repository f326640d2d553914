/**
 * The one rule for turning a client address into the key of every per-address limit: an IPv4
 * address counts alone; an IPv6 client counts as its /64 (one subscriber's network: anyone with
 * a /64 holds 2^64 addresses); an IPv4-mapped IPv6 address counts as the IPv4 address.
 */
import { createHash } from "node:crypto";
import ipaddr from "ipaddr.js";

/** The network a limit counts: "v4:a.b.c.d", "v6:xxxx:xxxx:xxxx:xxxx::/64", or the raw text. */
export function limitNetwork(ip: string): string {
  const text = ip
    .trim()
    .replace(/^\[|\]$/g, "")
    .replace(/%.*$/, "");
  let addr: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    addr = ipaddr.parse(text);
  } catch {
    return `raw:${text.toLowerCase()}`;
  }
  if (addr.kind() === "ipv6" && (addr as ipaddr.IPv6).isIPv4MappedAddress())
    addr = (addr as ipaddr.IPv6).toIPv4Address();
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
 * The address as staff may see it (the privacy notice's rule): an IPv4 address shortened to its
 * /24 ("203.0.113.0/24"), an IPv6 address to its /48 ("2001:db8:1::/48"); null when it is not an
 * address at all.
 */
export function shortNetwork(ip: string): string | null {
  const text = ip
    .trim()
    .replace(/^\[|\]$/g, "")
    .replace(/%.*$/, "");
  let addr: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    addr = ipaddr.parse(text);
  } catch {
    return null;
  }
  if (addr.kind() === "ipv6" && (addr as ipaddr.IPv6).isIPv4MappedAddress())
    addr = (addr as ipaddr.IPv6).toIPv4Address();
  if (addr.kind() === "ipv4") {
    const o = (addr as ipaddr.IPv4).octets;
    return `${o[0]}.${o[1]}.${o[2]}.0/24`;
  }
  const p = (addr as ipaddr.IPv6).parts;
  const net = new ipaddr.IPv6([p[0]!, p[1]!, p[2]!, 0, 0, 0, 0, 0]);
  return `${net.toString()}/48`;
}
