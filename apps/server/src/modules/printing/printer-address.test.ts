import type { NetworkInterfaceInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import {
  canonicalAddress,
  type HostInterfaces,
  hostAddresses,
  isAllowedOutboundAddress,
  isAllowedPrinterAddress,
} from './printer-address.js';

/** A host as the auditor's: loopback, one IPv4 and one global IPv6 address on eth0, a link-local one with its zone. */
const iface = (address: string, family: 'IPv4' | 'IPv6', internal = false): NetworkInterfaceInfo =>
  family === 'IPv4'
    ? { address, family, internal, netmask: '255.255.255.0', mac: '00:00:00:00:00:00', cidr: null }
    : { address, family, internal, netmask: 'ffff:ffff:ffff:ffff::', mac: '00:00:00:00:00:00', cidr: null, scopeid: 0 };
const auditorHost: HostInterfaces = () => ({
  lo: [iface('127.0.0.1', 'IPv4', true), iface('::1', 'IPv6', true)],
  eth0: [iface('192.0.2.2', 'IPv4'), iface('2001:db8:0:1::2', 'IPv6'), iface('fe80::1234%eth0', 'IPv6')],
  docker0: [iface('10.99.0.1', 'IPv4')],
});

describe('printer addresses (issue 29, finding 4)', () => {
  const policy = { allowLoopback: false, interfaces: auditorHost };

  it("refuses every address of the server's own interfaces, IPv4 and IPv6, and their IPv4-mapped forms", () => {
    for (const address of [
      '192.0.2.2',
      '::ffff:192.0.2.2',
      '::ffff:c000:202',
      '0:0:0:0:0:ffff:c000:202',
      '2001:db8:0:1::2',
      '2001:DB8:0:1:0:0:0:2',
      '10.99.0.1',
    ]) {
      expect(isAllowedPrinterAddress(address, policy, 9100), address).toBe(false);
      expect(isAllowedPrinterAddress(address, { ...policy, allowLoopback: true }, 9100), address).toBe(false);
    }
  });

  it('refuses unspecified, link-local, multicast and broadcast addresses, also IPv4-mapped', () => {
    for (const address of [
      '0.0.0.0',
      '::',
      '169.254.169.254',
      '::ffff:169.254.169.254',
      'fe80::1',
      'fe80::1234%eth0',
      '224.0.0.1',
      '::ffff:224.0.0.1',
      'ff02::1',
      '255.255.255.255',
    ]) {
      expect(isAllowedPrinterAddress(address, { ...policy, allowLoopback: true }), address).toBe(false);
    }
  });

  it('refuses loopback unless allowed, and even then the HTTP port of this server', () => {
    for (const address of ['127.0.0.1', '127.9.9.9', '::1', '::ffff:127.0.0.1', '::ffff:7f00:1']) {
      expect(isAllowedPrinterAddress(address, policy, 9100), address).toBe(false);
      expect(isAllowedPrinterAddress(address, { ...policy, allowLoopback: true }, 9100), address).toBe(true);
      const listening = { ...policy, allowLoopback: true, serverPort: () => 3000 };
      expect(isAllowedPrinterAddress(address, listening, 3000), address).toBe(false);
      expect(isAllowedPrinterAddress(address, listening, 9100), address).toBe(true);
    }
  });

  it("takes other hosts of the site's networks and beyond", () => {
    for (const address of ['192.0.2.3', '192.168.1.50', '10.20.30.40', '2001:db8:0:1::3', 'fd00::5', '::ffff:192.168.1.50']) {
      expect(isAllowedPrinterAddress(address, policy, 9100), address).toBe(true);
    }
    expect(isAllowedPrinterAddress('printer.local', policy), 'a host name is resolved first').toBe(false);
  });

  it('reads the interfaces at each check: an address the host gains later counts', () => {
    let addresses = ['192.0.2.2'];
    const changing: HostInterfaces = () => ({ eth0: addresses.map((a) => iface(a, 'IPv4')) });
    expect(isAllowedPrinterAddress('192.0.2.7', { allowLoopback: false, interfaces: changing })).toBe(true);
    addresses = ['192.0.2.2', '192.0.2.7'];
    expect(isAllowedPrinterAddress('192.0.2.7', { allowLoopback: false, interfaces: changing })).toBe(false);
  });

  it('refuses the host itself to webhooks too, loopback as their policy says', () => {
    const webhooks = { allowLoopback: true, allowPrivate: false, interfaces: auditorHost };
    expect(isAllowedOutboundAddress('192.0.2.2', webhooks)).toBe(false);
    expect(isAllowedOutboundAddress('192.0.2.3', webhooks)).toBe(true);
    expect(isAllowedOutboundAddress('127.0.0.1', webhooks)).toBe(true);
  });

  it('writes IPv4-mapped and IPv4-compatible IPv6 addresses as IPv4, and drops the zone', () => {
    expect(canonicalAddress('::ffff:7f00:1')).toBe('127.0.0.1');
    expect(canonicalAddress('::FFFF:192.0.2.2')).toBe('192.0.2.2');
    expect(canonicalAddress('::127.0.0.1')).toBe('127.0.0.1');
    expect(canonicalAddress('fe80::1%eth0')).toBe('fe80::1');
    expect(canonicalAddress('2001:DB8:0:0:0:0:0:1')).toBe('2001:db8::1');
    expect([...hostAddresses(auditorHost)]).toContain('fe80::1234');
  });
});
