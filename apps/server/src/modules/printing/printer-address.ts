import { BlockList, isIP } from 'node:net';
import { type NetworkInterfaceInfo, networkInterfaces } from 'node:os';

/** A block list of addresses (`a.b.c.d`) and subnets (`prefix/length`). */
const blockListOf = (rules: [address: string, type: 'ipv4' | 'ipv6'][]): BlockList => {
  const list = new BlockList();
  for (const [rule, type] of rules) {
    const [address = rule, length] = rule.split('/');
    if (length === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(length), type);
  }
  return list;
};

/**
 * Where a printer may be (issue 13, item 19): a printer is a device on the site's network, so its address is never this
 * server itself (loopback), a link-local address (169.254.0.0/16 holds cloud metadata services, fe80::/10), the
 * unspecified address or multicast. Otherwise a user allowed to add printers could make the server open connections to
 * them. `PRINTER_ALLOW_LOOPBACK` lifts the loopback rule only (the demo's printer simulator runs on 127.0.0.1, and so do
 * the tests'; config.ts reads it).
 *
 * Issue 29, finding 4: "this server" is every address of this host, not only loopback: each address of each network
 * interface (`os.networkInterfaces()`, IPv4 and IPv6, read at each check, so an address a DHCP lease adds later counts
 * too) is refused, whatever the port, and so are their IPv4-mapped IPv6 forms (`::ffff:192.0.2.2`). Even with loopback
 * allowed, the server's own HTTP port on loopback is refused: a print job would send admin-set text to this very API.
 */
const LOOPBACK = blockListOf([
  ['127.0.0.0/8', 'ipv4'],
  ['::1', 'ipv6'],
  ['::ffff:127.0.0.0/104', 'ipv6'],
]);

const NEVER = blockListOf([
  ['169.254.0.0/16', 'ipv4'],
  ['fe80::/10', 'ipv6'],
  ['::ffff:169.254.0.0/112', 'ipv6'],
  ['0.0.0.0/8', 'ipv4'],
  ['::', 'ipv6'],
  ['224.0.0.0/4', 'ipv4'],
  ['255.255.255.255', 'ipv4'],
  ['ff00::/8', 'ipv6'],
]);

/** The site's own networks (RFC 1918, shared 100.64/10, IPv6 unique local): where printers are, not webhooks. */
const PRIVATE = blockListOf([
  ['10.0.0.0/8', 'ipv4'],
  ['172.16.0.0/12', 'ipv4'],
  ['192.168.0.0/16', 'ipv4'],
  ['100.64.0.0/10', 'ipv4'],
  ['fc00::/7', 'ipv6'],
  ['::ffff:10.0.0.0/104', 'ipv6'],
  ['::ffff:172.16.0.0/108', 'ipv6'],
  ['::ffff:192.168.0.0/112', 'ipv6'],
]);

/** This host's network interfaces, as `os.networkInterfaces()` gives them (tests inject a list). */
export type HostInterfaces = () => NodeJS.Dict<NetworkInterfaceInfo[]>;

export type PrinterAddressPolicy = {
  allowLoopback: boolean;
  /** This host's interfaces; default `os.networkInterfaces()`. */
  interfaces?: HostInterfaces;
  /** The port this server's HTTP listens on (undefined before it listens): never a printer's, not even on loopback. */
  serverPort?: () => number | undefined;
};
/** Where the server may open connections to: never the NEVER ranges nor this host; loopback and private as allowed. */
export type OutboundAddressPolicy = { allowLoopback: boolean; allowPrivate: boolean; interfaces?: HostInterfaces };

/**
 * The IPv4 address an IPv6 address stands for, when it is IPv4-mapped (`::ffff:a.b.c.d`, also written in hex as
 * `::ffff:7f00:1`) or IPv4-compatible (`::a.b.c.d`, deprecated); else the address itself, zone (`%eth0`) removed.
 */
export const canonicalAddress = (address: string): string => {
  const bare = address.replace(/%.*$/, '').toLowerCase();
  if (isIP(bare) !== 6) return bare;
  // The URL parser writes an IPv6 address in its one compressed form, the embedded IPv4 part as two hex groups.
  const normal = new URL(`http://[${bare}]/`).hostname.slice(1, -1);
  const embedded = /^::(?:ffff:)?([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(normal);
  if (!embedded?.[1] || !embedded[2]) return normal;
  const high = Number.parseInt(embedded[1], 16);
  const low = Number.parseInt(embedded[2], 16);
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
};

/** Every address of this host's interfaces, canonical (loopback included: the caller decides on loopback). */
export const hostAddresses = (interfaces: HostInterfaces = networkInterfaces): Set<string> => {
  const found = new Set<string>();
  for (const list of Object.values(interfaces())) {
    for (const info of list ?? []) found.add(canonicalAddress(info.address));
  }
  return found;
};

/**
 * Whether the server may connect to this IP address (not a host name: resolve it first). Printers (private networks
 * allowed) and webhook endpoints (modules/webhooks: public addresses only unless WEBHOOK_ALLOW_PRIVATE) share it.
 */
export const isAllowedOutboundAddress = (
  given: string,
  { allowLoopback, allowPrivate, interfaces }: OutboundAddressPolicy,
): boolean => {
  const address = canonicalAddress(given);
  const family = isIP(address);
  if (family === 0) return false;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (NEVER.check(address, type)) return false;
  if (!allowPrivate && PRIVATE.check(address, type)) return false;
  if (LOOPBACK.check(address, type)) return allowLoopback;
  // Any other address of this host (192.0.2.2 on the auditor's machine): this server, whatever the port.
  return !hostAddresses(interfaces).has(address);
};

/**
 * Whether a printer may be at this IP address (not a host name: resolve it first), and at this port when given: on
 * loopback (allowed only with PRINTER_ALLOW_LOOPBACK) never the server's own HTTP port.
 */
export const isAllowedPrinterAddress = (
  address: string,
  { allowLoopback, interfaces, serverPort }: PrinterAddressPolicy,
  port?: number,
): boolean => {
  if (!isAllowedOutboundAddress(address, { allowLoopback, allowPrivate: true, ...(interfaces ? { interfaces } : {}) })) {
    return false;
  }
  const own = serverPort?.();
  return port === undefined || own === undefined || own !== port;
};

export const PRINTER_ADDRESS_REFUSED = 'admin.printer_address_refused';
