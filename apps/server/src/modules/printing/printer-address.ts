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

export type PrinterAddressPolicy = { allowLoopback: boolean };

/** Whether a printer may be at this IP address (not a host name: resolve it first). */
export const isAllowedPrinterAddress = (address: string, { allowLoopback }: PrinterAddressPolicy): boolean => {
  const family = isIP(address);
  if (family === 0) return false;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (NEVER.check(address, type)) return false;
  return allowLoopback || !LOOPBACK.check(address, type);
};

export const PRINTER_ADDRESS_REFUSED = 'admin.printer_address_refused';
