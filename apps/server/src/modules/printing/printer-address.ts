import { BlockList, isIP } from 'node:net';

/**
 * Where a printer may be (issue 13, item 19): a printer is a device on the site's network, so its address is never this
 * server itself (loopback), a link-local address (169.254.0.0/16 holds cloud metadata services, fe80::/10), the
 * unspecified address or multicast. Otherwise a user allowed to add printers could make the server open connections to
 * them. `PRINTER_ALLOW_LOOPBACK` lifts the loopback rule only (the demo's printer simulator runs on 127.0.0.1, and so do
 * the tests'; config.ts reads it).
 */
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');
LOOPBACK.addSubnet('::ffff:127.0.0.0', 104, 'ipv6');

const NEVER = new BlockList();
NEVER.addSubnet('169.254.0.0', 16, 'ipv4');
NEVER.addSubnet('fe80::', 10, 'ipv6');
NEVER.addSubnet('::ffff:169.254.0.0', 112, 'ipv6');
NEVER.addSubnet('0.0.0.0', 8, 'ipv4');
NEVER.addAddress('::', 'ipv6');
NEVER.addSubnet('224.0.0.0', 4, 'ipv4');
NEVER.addAddress('255.255.255.255', 'ipv4');
NEVER.addSubnet('ff00::', 8, 'ipv6');

/** The site's own networks (RFC 1918, shared 100.64/10, IPv6 unique local): where printers are, not webhooks. */
const PRIVATE = new BlockList();
PRIVATE.addSubnet('10.0.0.0', 8, 'ipv4');
PRIVATE.addSubnet('172.16.0.0', 12, 'ipv4');
PRIVATE.addSubnet('192.168.0.0', 16, 'ipv4');
PRIVATE.addSubnet('100.64.0.0', 10, 'ipv4');
PRIVATE.addSubnet('fc00::', 7, 'ipv6');
PRIVATE.addSubnet('::ffff:10.0.0.0', 104, 'ipv6');
PRIVATE.addSubnet('::ffff:172.16.0.0', 108, 'ipv6');
PRIVATE.addSubnet('::ffff:192.168.0.0', 112, 'ipv6');

export type PrinterAddressPolicy = { allowLoopback: boolean };
/** Where the server may open connections to: never the NEVER ranges; loopback and private networks as allowed. */
export type OutboundAddressPolicy = { allowLoopback: boolean; allowPrivate: boolean };

/**
 * Whether the server may connect to this IP address (not a host name: resolve it first). Printers (private networks
 * allowed) and webhook endpoints (modules/webhooks: public addresses only unless WEBHOOK_ALLOW_PRIVATE) share it.
 */
export const isAllowedOutboundAddress = (address: string, { allowLoopback, allowPrivate }: OutboundAddressPolicy): boolean => {
  const family = isIP(address);
  if (family === 0) return false;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (NEVER.check(address, type)) return false;
  if (!allowPrivate && PRIVATE.check(address, type)) return false;
  return allowLoopback || !LOOPBACK.check(address, type);
};

/** Whether a printer may be at this IP address (not a host name: resolve it first). */
export const isAllowedPrinterAddress = (address: string, { allowLoopback }: PrinterAddressPolicy): boolean =>
  isAllowedOutboundAddress(address, { allowLoopback, allowPrivate: true });

export const PRINTER_ADDRESS_REFUSED = 'admin.printer_address_refused';
