import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { Agent } from "node:https";
import { BlockList, isIP } from "node:net";
import type { Env } from "../../config/env.js";
import { AppError } from "../../lib/errors.js";

export const pushEndpointMessages = {
  notHttps: "A push endpoint must be an https address.",
  notAPushService: "This address is not a browser push service.",
  privateAddress: "This push endpoint points at a private address.",
  unresolvable: "This push endpoint's host could not be found.",
} as const;

/** Addresses the server must never be made to call: loopback, private, link-local, carrier NAT, unique-local. */
const blocked = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  blocked.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  blocked.addSubnet(net, prefix, "ipv6");

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, "ipv4");
  if (family === 6) {
    // An IPv4 address written as IPv6 (::ffff:127.0.0.1) is checked as the IPv4 address it is.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return blocked.check(mapped[1]!, "ipv4");
    return blocked.check(address, "ipv6");
  }
  return true;
}

function hostAllowed(host: string, allowed: readonly string[]): boolean {
  const name = host.toLowerCase();
  return allowed.some((entry) =>
    entry.startsWith("*.") ? name.endsWith(entry.slice(1)) && name.length > entry.length - 1 : name === entry,
  );
}

function lookupAll(host: string, timeoutMs: number): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`DNS lookup of ${host} timed out`)), timeoutMs);
    dnsLookup(host, { all: true }, (error, addresses) => {
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(addresses);
    });
  });
}

/**
 * Accepts a push endpoint only on a browser push service's host (PUSH_ENDPOINT_HOSTS), over https, and only if
 * every address its name resolves to is public. Checked when a browser subscribes; the send path checks the
 * addresses again as it connects (safePushAgent), so a name re-pointed later cannot reach inside either.
 */
export async function assertPushEndpointAllowed(env: Env, endpoint: string): Promise<void> {
  const url = new URL(endpoint);
  if (url.protocol !== "https:")
    throw new AppError(400, "push_endpoint_refused", pushEndpointMessages.notHttps);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (!hostAllowed(host, env.PUSH_ENDPOINT_HOSTS))
    throw new AppError(400, "push_endpoint_refused", pushEndpointMessages.notAPushService);
  if (env.PUSH_ALLOW_PRIVATE_ADDRESSES) return;
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookupAll(host, env.OUTBOUND_TIMEOUT_MS)).map((a) => a.address);
  } catch {
    throw new AppError(400, "push_endpoint_refused", pushEndpointMessages.unresolvable);
  }
  if (addresses.length === 0 || addresses.some(isPrivateAddress))
    throw new AppError(400, "push_endpoint_refused", pushEndpointMessages.privateAddress);
}

/**
 * The https agent push deliveries use: its DNS lookup refuses private addresses at connection time (closing the
 * gap between the check at subscription and the send), and every socket times out.
 */
export function safePushAgent(env: Env): Agent {
  return new Agent({
    keepAlive: false,
    timeout: env.OUTBOUND_TIMEOUT_MS,
    lookup: (hostname, options, callback) => {
      dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
        if (error) return callback(error, "", 4);
        const list = addresses as LookupAddress[];
        const safe = env.PUSH_ALLOW_PRIVATE_ADDRESSES
          ? list
          : list.filter((a) => !isPrivateAddress(a.address));
        if (safe.length === 0) {
          return callback(new Error(`${hostname} resolves to a private address`), "", 4);
        }
        if ((options as { all?: boolean }).all)
          return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, safe);
        return callback(null, safe[0]!.address, safe[0]!.family);
      });
    },
  });
}
