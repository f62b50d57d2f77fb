/**
 * EPCglobal LLRP (Low Level Reader Protocol 1.0.1 / 1.1) binary framing: messages and parameters.
 *
 * A message is a 10-byte header, then its body:
 *   3 bits reserved (0) | 3 bits version (1 = LLRP 1.0.1, 2 = LLRP 1.1) | 10 bits message type
 *   u32 message length (header included) | u32 message id
 * A body is fields (big-endian), then parameters. A parameter is either
 *   TLV: 6 bits reserved | 10 bits type | u16 length (header included) | fields | sub-parameters
 *   TV:  1 bit set | 7 bits type | fixed-length value (types 1..127; the length is implied by the type)
 * (LLRP 1.0.1 sections 4.1, 4.2 and 16; type numbers in messages.ts.)
 */

/** LLRP 1.0.1 (every reader speaks it; 1.1 readers accept it too). */
export const LLRP_VERSION_1_0_1 = 1;
export const LLRP_VERSION_1_1 = 2;
export const HEADER_LENGTH = 10;
/** A message larger than this is refused by the decoder (a report of 10,000 tags is about 400 kB). */
export const MAX_MESSAGE_LENGTH = 16 * 1024 * 1024;

export type LlrpMessage = { version: number; type: number; id: number; body: Buffer };

/** A parameter as found in a body: `value` is what follows its header (fields, then sub-parameters for TLVs). */
export type LlrpParam = { type: number; isTv: boolean; value: Buffer };

export class LlrpDecodeError extends Error {
  override name = 'LlrpDecodeError';
}

/**
 * Value lengths (bytes after the type byte) of the TV parameters of LLRP 1.0.1 / 1.1 (section 16.2.7 and the C1G2
 * ones of section 16.3.1): a TV carries no length, so one that is not listed here cannot be skipped.
 */
export const TV_VALUE_LENGTH: Readonly<Record<number, number>> = {
  1: 2, // AntennaID u16
  2: 8, // FirstSeenTimestampUTC u64 µs
  3: 8, // FirstSeenTimestampUptime u64 µs
  4: 8, // LastSeenTimestampUTC u64 µs
  5: 8, // LastSeenTimestampUptime u64 µs
  6: 1, // PeakRSSI s8 dBm
  7: 2, // ChannelIndex u16
  8: 2, // TagSeenCount u16
  9: 4, // ROSpecID u32
  10: 2, // InventoryParameterSpecID u16
  11: 2, // C1G2_CRC u16
  12: 2, // C1G2_PC u16
  13: 12, // EPC-96
  14: 2, // SpecIndex u16
  15: 2, // ClientRequestOpSpecResult u16
  16: 4, // AccessSpecID u32
  17: 2, // OpSpecID u16
  18: 4, // C1G2SingulationDetails u16 + u16
  19: 2, // C1G2_XPC_W1 u16
  20: 2, // C1G2_XPC_W2 u16
};

/** Encodes one message: header and body. */
export const encodeMessage = ({
  type,
  id,
  body = Buffer.alloc(0),
  version = LLRP_VERSION_1_0_1,
}: {
  type: number;
  id: number;
  body?: Buffer;
  version?: number;
}): Buffer => {
  const header = Buffer.alloc(HEADER_LENGTH);
  header.writeUInt16BE(((version & 0x7) << 10) | (type & 0x3ff), 0);
  header.writeUInt32BE(HEADER_LENGTH + body.length, 2);
  header.writeUInt32BE(id >>> 0, 6);
  return Buffer.concat([header, body]);
};

/** Decodes one whole message (exactly one: the buffer's length must be the message's). */
export const decodeMessage = (bytes: Buffer): LlrpMessage => {
  if (bytes.length < HEADER_LENGTH) throw new LlrpDecodeError('message shorter than its header');
  const length = bytes.readUInt32BE(2);
  if (length !== bytes.length) throw new LlrpDecodeError(`message length ${length} but ${bytes.length} bytes`);
  const word = bytes.readUInt16BE(0);
  return { version: (word >> 10) & 0x7, type: word & 0x3ff, id: bytes.readUInt32BE(6), body: bytes.subarray(HEADER_LENGTH) };
};

/**
 * Cuts a TCP byte stream into messages: `push` each chunk as it arrives, get the whole messages it completes. Throws
 * LlrpDecodeError on a length that cannot be (shorter than a header, or above MAX_MESSAGE_LENGTH): the stream is lost.
 */
export class FrameDecoder {
  private buffered: Buffer = Buffer.alloc(0);

  push(chunk: Buffer): LlrpMessage[] {
    this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
    const messages: LlrpMessage[] = [];
    for (;;) {
      if (this.buffered.length < HEADER_LENGTH) break;
      const length = this.buffered.readUInt32BE(2);
      if (length < HEADER_LENGTH || length > MAX_MESSAGE_LENGTH) {
        throw new LlrpDecodeError(`impossible message length ${length}`);
      }
      if (this.buffered.length < length) break;
      messages.push(decodeMessage(Buffer.from(this.buffered.subarray(0, length))));
      this.buffered = this.buffered.subarray(length);
    }
    return messages;
  }

  /** Bytes received that do not make a whole message yet. */
  get pending(): number {
    return this.buffered.length;
  }
}

/** A TLV parameter: its fields, then its sub-parameters (already encoded). */
export const tlv = (type: number, fields: Buffer = Buffer.alloc(0), ...children: Buffer[]): Buffer => {
  const header = Buffer.alloc(4);
  const length = 4 + fields.length + children.reduce((sum, child) => sum + child.length, 0);
  if (length > 0xffff) throw new RangeError(`parameter ${type} too long (${length} bytes)`);
  header.writeUInt16BE(type & 0x3ff, 0);
  header.writeUInt16BE(length, 2);
  return Buffer.concat([header, fields, ...children]);
};

/** A TV parameter: the type byte (high bit set), then its fixed-length value. */
export const tv = (type: number, value: Buffer): Buffer => {
  const expected = TV_VALUE_LENGTH[type];
  if (expected !== value.length) throw new RangeError(`TV parameter ${type} takes ${expected} bytes, not ${value.length}`);
  return Buffer.concat([Buffer.from([0x80 | type]), value]);
};

/** The parameters that make up `bytes` (a body after its fields, or a TLV's value after its fields). */
export const decodeParams = (bytes: Buffer): LlrpParam[] => {
  const params: LlrpParam[] = [];
  let at = 0;
  while (at < bytes.length) {
    const first = bytes[at] as number;
    if (first & 0x80) {
      const type = first & 0x7f;
      const length = TV_VALUE_LENGTH[type];
      if (length === undefined) throw new LlrpDecodeError(`unknown TV parameter type ${type}`);
      if (at + 1 + length > bytes.length) throw new LlrpDecodeError(`TV parameter ${type} cut short`);
      params.push({ type, isTv: true, value: bytes.subarray(at + 1, at + 1 + length) });
      at += 1 + length;
      continue;
    }
    if (at + 4 > bytes.length) throw new LlrpDecodeError('parameter header cut short');
    const type = bytes.readUInt16BE(at) & 0x3ff;
    const length = bytes.readUInt16BE(at + 2);
    if (length < 4 || at + length > bytes.length) throw new LlrpDecodeError(`parameter ${type} has a bad length ${length}`);
    params.push({ type, isTv: false, value: bytes.subarray(at + 4, at + length) });
    at += length;
  }
  return params;
};

/** Big-endian field writer: fields of a message or parameter in order. */
export class FieldWriter {
  private readonly parts: Buffer[] = [];

  u8(value: number): this {
    this.parts.push(Buffer.from([value & 0xff]));
    return this;
  }
  s8(value: number): this {
    return this.field(1, (b) => b.writeInt8(value, 0));
  }
  u16(value: number): this {
    return this.field(2, (b) => b.writeUInt16BE(value & 0xffff, 0));
  }
  s16(value: number): this {
    return this.field(2, (b) => b.writeInt16BE(value, 0));
  }
  u32(value: number): this {
    return this.field(4, (b) => b.writeUInt32BE(value >>> 0, 0));
  }
  u64(value: bigint): this {
    return this.field(8, (b) => b.writeBigUInt64BE(value, 0));
  }
  /** u16v: a count of u16 values, then the values (e.g. AISpec's AntennaIDs). */
  u16v(values: readonly number[]): this {
    this.u16(values.length);
    for (const value of values) this.u16(value);
    return this;
  }
  /** utf8v: a u16 byte count, then the UTF-8 bytes. */
  utf8v(text: string): this {
    const bytes = Buffer.from(text, 'utf8');
    this.u16(bytes.length);
    this.parts.push(bytes);
    return this;
  }
  bytes(value: Buffer): this {
    this.parts.push(value);
    return this;
  }
  done(): Buffer {
    return Buffer.concat(this.parts);
  }
  /** A `size`-byte field that `write` fills. */
  private field(size: number, write: (b: Buffer) => void): this {
    const b = Buffer.alloc(size);
    write(b);
    this.parts.push(b);
    return this;
  }
}

/** Big-endian field reader over a body or a parameter value; `rest()` gives what follows (the parameters). */
export class FieldReader {
  private at = 0;

  constructor(private readonly bytes: Buffer) {}

  private need(n: number): number {
    if (this.at + n > this.bytes.length) throw new LlrpDecodeError('field cut short');
    const start = this.at;
    this.at += n;
    return start;
  }
  u8(): number {
    return this.bytes.readUInt8(this.need(1));
  }
  s8(): number {
    return this.bytes.readInt8(this.need(1));
  }
  u16(): number {
    return this.bytes.readUInt16BE(this.need(2));
  }
  s16(): number {
    return this.bytes.readInt16BE(this.need(2));
  }
  u32(): number {
    return this.bytes.readUInt32BE(this.need(4));
  }
  u64(): bigint {
    return this.bytes.readBigUInt64BE(this.need(8));
  }
  u16v(): number[] {
    const count = this.u16();
    return Array.from({ length: count }, () => this.u16());
  }
  utf8v(): string {
    const length = this.u16();
    const start = this.need(length);
    return this.bytes.toString('utf8', start, start + length);
  }
  take(n: number): Buffer {
    const start = this.need(n);
    return this.bytes.subarray(start, start + n);
  }
  rest(): Buffer {
    const start = this.at;
    this.at = this.bytes.length;
    return this.bytes.subarray(start);
  }
}
