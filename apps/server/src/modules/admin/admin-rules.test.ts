import { isPasswordLengthValid, isValidMac, macTopicSegment, normalizeMac } from '@rfid/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codeFromName, sniffImage } from './admin-locations.service.js';
import { newDeviceKey } from './readers.service.js';

describe('admin rules', () => {
  it('tells images by their magic bytes only', () => {
    expect(sniffImage(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImage(Buffer.from('GIF89a...'))).toBe('image/gif');
    expect(sniffImage(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(sniffImage(Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toBeNull();
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImage(Buffer.alloc(0))).toBeNull();
  });

  it('makes a location code from the name, without accents', () => {
    expect(codeFromName('Tienda Málaga Centro')).toMatch(/^TIENDA-MALAGA-CEN-[0-9A-F]{4}$/);
    expect(codeFromName('¡¿?!')).toMatch(/^LOC-[0-9A-F]{4}$/);
    expect(codeFromName('Centro Norte 12345 Bis')).toMatch(/^CENTRO-NORTE-1234-[0-9A-F]{4}$/);
    expect(codeFromName('Almacén Principal de Vigo')).toMatch(/^ALMACEN-PRINCIPAL-[0-9A-F]{4}$/);
  });

  it('accepts MAC addresses in the usual spellings and normalises them', () => {
    for (const mac of ['84:24:8d:00:00:01', '84-24-8D-00-00-01', '84248D000001']) {
      expect(isValidMac(mac)).toBe(true);
      expect(normalizeMac(mac)).toBe('84:24:8D:00:00:01');
      expect(macTopicSegment(mac)).toBe('84248D000001');
    }
    for (const mac of ['84:24:8D:00:00', '84:24-8D:00:00:01', 'GG:24:8D:00:00:01', '', '84:24:8D:00:00:01:02']) {
      expect(isValidMac(mac)).toBe(false);
    }
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 6, maxLength: 6 }), fc.constantFrom(':', '-', ''), (bytes, sep) => {
        const mac = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join(sep);
        const normal = normalizeMac(mac);
        return (
          isValidMac(mac) &&
          isValidMac(normal) &&
          normalizeMac(normal) === normal &&
          /^([0-9A-F]{2}:){5}[0-9A-F]{2}$/.test(normal)
        );
      }),
    );
  });

  it('takes passwords of 8 to 128 characters of any kind, without a composition rule (ASVS 6.2.1, 6.2.5, 6.2.9)', () => {
    expect(isPasswordLengthValid('abcdefgh')).toBe(true);
    expect(isPasswordLengthValid('12345678')).toBe(true);
    expect(isPasswordLengthValid('ab cd ef')).toBe(true);
    expect(isPasswordLengthValid('🔑🔑🔑🔑🔑🔑🔑🔑')).toBe(true);
    expect(isPasswordLengthValid('abcdefg')).toBe(false);
    expect(isPasswordLengthValid('🔑🔑🔑🔑🔑🔑🔑')).toBe(false);
    expect(isPasswordLengthValid('x'.repeat(128))).toBe(true);
    expect(isPasswordLengthValid('x'.repeat(129))).toBe(false);
  });

  it('makes distinct device keys and stores only their SHA-256', () => {
    const a = newDeviceKey();
    const b = newDeviceKey();
    expect(a.key).not.toBe(b.key);
    expect(a.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(a.hash).not.toContain(a.key);
  });
});
