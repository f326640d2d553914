/**
 * Where a webhook may be sent. Deployed, only `https` URLs whose host resolves to public
 * addresses only: every address the name resolves to is checked (node:dns lookup, all of them),
 * and loopback, private, link-local (the cloud metadata address 169.254.169.254 with it),
 * unique-local, CGNAT, multicast, unspecified, reserved and the IPv4-mapped / translated IPv6
 * forms of those are refused, by ipaddr.js's `range()`: only "unicast" passes. An IPv6 address
 * must also be global unicast (2000::/3): the old IPv4-compatible form (::/96, `::127.0.0.1`) and
 * every other block outside it are refused. The rule is
 * applied when an endpoint is created, again before each attempt (DNS can change), and once more
 * as the connection is made (the socket's own lookup, so the address connected to is one that
 * was checked). Redirects are never followed: a 3xx answer is a failed attempt.
 *
 * Locally (`env.deployed` false) `http` and any address are allowed, so a receiver on this
 * machine can be tried.
 */
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";
import { Invalid } from "../errors";

export interface DestinationPolicy {
  /** Deployed: https and public addresses only. */
  deployed: boolean;
  /** Resolves a host name to all its addresses (node:dns by default; tests give their own). */
  resolve?: (host: string) => Promise<LookupAddress[]>;
}

export const resolveAll = (host: string): Promise<LookupAddress[]> =>
  new Promise((resolve, reject) =>
    dnsLookup(host, { all: true, verbatim: true }, (err, addresses) =>
      err ? reject(err) : resolve(addresses),
    ),
  );

/** An IPv6 address as the URL standard writes it, or undefined (a zone id: never public). */
function urlForm(v6: string): string | undefined {
  try {
    return new URL(`http://[${v6}]`).hostname.slice(1, -1);
  } catch {
    return undefined;
  }
}

/** IPv6's global unicast block: every other block is local, special or not assigned. */
const GLOBAL_UNICAST = ipaddr.parseCIDR("2000::/3");

/**
 * True for an address a deployed site may send to: a public unicast IPv4 address (also written
 * as IPv4-mapped IPv6), or a global unicast IPv6 address (2000::/3) outside the special ranges.
 */
export function isPublicAddress(address: string): boolean {
  // ipaddr.js reads "::8.8.8.8" (IPv4-compatible) as "::ffff:8.8.8.8" (IPv4-mapped): the address
  // is first written as the URL standard writes it ("::808:808"), then judged.
  const written = isIP(address) === 6 ? urlForm(address) : address;
  if (written === undefined) return false;
  if (!ipaddr.isValid(written)) return false;
  const ip = ipaddr.parse(written);
  if (ip.kind() === "ipv4") return ip.range() === "unicast";
  const v6 = ip as ipaddr.IPv6;
  // ::ffff:127.0.0.1 is 127.0.0.1: judge the IPv4 address it carries.
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().range() === "unicast";
  return v6.match(GLOBAL_UNICAST) && v6.range() === "unicast";
}

/** The host of a URL as an address when it is one ("[::1]" -> "::1"), else undefined. */
function literalAddress(hostname: string): string | undefined {
  const bare = hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname;
  return isIP(bare) ? bare : undefined;
}

const REFUSED =
  "url: this address points inside a private network (or to this server). Use the receiver's public https address.";

/**
 * Refuses (Invalid, a 400 at creation) a URL the policy does not allow; answers the URL. Each
 * reason is one a person can act on.
 */
export async function checkDestination(raw: string, policy: DestinationPolicy): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Invalid("url: enter the full address of the receiver, starting with https://.");
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && !policy.deployed))
    throw new Invalid(
      policy.deployed
        ? "url: the address must start with https:// (deliveries are sent over TLS only)."
        : "url: the address must start with https:// or http://.",
    );
  if (url.username || url.password)
    throw new Invalid(
      "url: leave the user name and password out of the address; the signature proves the sender.",
    );
  if (!policy.deployed) return url;
  const literal = literalAddress(url.hostname);
  if (literal) {
    if (!isPublicAddress(literal)) throw new Invalid(REFUSED);
    return url;
  }
  let addresses: LookupAddress[];
  try {
    addresses = await (policy.resolve ?? resolveAll)(url.hostname);
  } catch {
    throw new Invalid(`url: the host name ${url.hostname} could not be found. Check the address.`);
  }
  if (addresses.length === 0 || !addresses.every((a) => isPublicAddress(a.address)))
    throw new Invalid(REFUSED);
  return url;
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * The `lookup` of the socket a delivery is sent on: resolves the host again and refuses it
 * unless every address is allowed, so the connection goes to a checked address.
 */
export function guardedLookup(policy: DestinationPolicy) {
  return (host: string, options: { all?: boolean }, callback: LookupCallback) => {
    (policy.resolve ?? resolveAll)(host).then(
      (addresses) => {
        if (
          policy.deployed &&
          (addresses.length === 0 || !addresses.every((a) => isPublicAddress(a.address)))
        ) {
          const err: NodeJS.ErrnoException = new Error(`${host} resolves to an address that is not public`);
          err.code = "EADDRNOTPUBLIC";
          return callback(err, "");
        }
        if (options.all) return callback(null, addresses);
        const first = addresses[0];
        if (!first)
          return callback(Object.assign(new Error(`${host} has no address`), { code: "ENOTFOUND" }), "");
        callback(null, first.address, first.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, ""),
    );
  };
}
