import { describe, expect, it } from 'vitest';
import { decodeMessage, decodeParams, encodeMessage, FrameDecoder, LlrpDecodeError } from './codec.js';
import {
  addRospecBody,
  ConnectionAttemptStatus,
  capabilitiesResponseBody,
  MessageType,
  nearestPowerIndex,
  parseAddRospec,
  parseCapabilities,
  parseReaderEvent,
  parseRoAccessReport,
  parseSetReaderConfig,
  parseStatus,
  RospecStartTrigger,
  readerEventBody,
  roAccessReportBody,
  rospecIdBody,
  setReaderConfigBody,
  statusBody,
  transmitterFor,
} from './messages.js';

const hex = (text: string) => Buffer.from(text.replace(/[\s|]/g, ''), 'hex');
const toHex = (bytes: Buffer) => bytes.toString('hex');

describe('LLRP message header', () => {
  // edgexfoundry/device-rfid-llrp-go pkg/llrp/reader_test.go TestClient_readHeader "good header":
  // {0b000_010_00, 0b0000_0001, 0,0,0,0xA, 0,0,0,1} = version 2 (LLRP 1.1), type 1, length 10, id 1.
  it('decodes the header of a GET_READER_CAPABILITIES without a body (LLRP 1.1)', () => {
    expect(decodeMessage(Buffer.from([0b000_010_00, 0b0000_0001, 0, 0, 0, 0xa, 0, 0, 0, 1]))).toEqual({
      version: 2,
      type: 1,
      id: 1,
      body: Buffer.alloc(0),
    });
  });

  it('encodes version 1, the 10-bit type, the length with the header and the id (hand-computed)', () => {
    // KEEPALIVE_ACK (72 = 0x048) of LLRP 1.0.1: 0b000_001_00 0b01001000 = 04 48; length 10; id 5.
    expect(toHex(encodeMessage({ type: MessageType.KeepaliveAck, id: 5 }))).toBe('0448' + '0000000a' + '00000005');
    // DELETE_ROSPEC (21 = 0x15) id 7, ROSpecID 0 (all): length 14.
    expect(toHex(encodeMessage({ type: MessageType.DeleteRospec, id: 7, body: rospecIdBody(0) }))).toBe(
      '0415' + '0000000e' + '00000007' + '00000000',
    );
    // ERROR_MESSAGE (100 = 0x064) LLRP 1.1.
    expect(toHex(encodeMessage({ type: MessageType.ErrorMessage, id: 1, version: 2 })).slice(0, 4)).toBe('0864');
  });

  it('refuses a length that does not match', () => {
    expect(() => decodeMessage(hex('0448 0000000b 00000005'))).toThrow(LlrpDecodeError);
  });
});

describe('frame decoder', () => {
  it('cuts a stream into messages whatever the chunks', () => {
    const a = encodeMessage({ type: MessageType.Keepalive, id: 1 });
    const b = encodeMessage({ type: MessageType.EnableRospec, id: 2, body: rospecIdBody(9) });
    const stream = Buffer.concat([a, b, a]);
    for (let cut = 1; cut < stream.length; cut++) {
      const decoder = new FrameDecoder();
      const messages = [...decoder.push(stream.subarray(0, cut)), ...decoder.push(stream.subarray(cut))];
      expect(messages.map((m) => [m.type, m.id])).toEqual([
        [62, 1],
        [24, 2],
        [62, 1],
      ]);
      expect(decoder.pending).toBe(0);
    }
  });

  it('gives up on an impossible length (fewer bytes than a header)', () => {
    // edgex reader_test.go "impossible message size": length 1.
    expect(() => new FrameDecoder().push(Buffer.from([8, 1, 0, 0, 0, 1, 0, 0, 0, 1]))).toThrow(LlrpDecodeError);
  });
});

describe('LLRP parameters', () => {
  // edgexfoundry/device-rfid-llrp-go pkg/llrp/testdata/ReaderEventNotification-000.bytes (a reader's capture):
  // ReaderEventNotificationData (246 = 0xf6, 20 bytes) { UTCTimestamp (128, 12 bytes) 1596721689842138 µs,
  // ConnectionCloseEvent (257 = 0x101, 4 bytes) }.
  it('parses a captured READER_EVENT_NOTIFICATION (connection close)', () => {
    const body = hex('00f6 0014 | 0080 000c 0005ac35bd20d1da | 0101 0004');
    expect(parseReaderEvent(body)).toEqual({
      timestampUs: 1596721689842138n,
      connectionAttempt: null,
      isConnectionClose: true,
    });
  });

  it('builds the ConnectionAttemptEvent a reader sends on accept (hand-computed)', () => {
    const body = readerEventBody({ timestampUs: 1596721689842138n, connectionAttempt: ConnectionAttemptStatus.Success });
    // 246 { 128 { u64 }, 256 (0x100) { u16 status 0 } }: 4 + 12 + 6 = 22 bytes
    expect(toHex(body)).toBe('00f60016' + '0080000c0005ac35bd20d1da' + '010000060000');
    expect(parseReaderEvent(body).connectionAttempt).toBe(0);
    expect(
      parseReaderEvent(
        readerEventBody({ timestampUs: 0n, connectionAttempt: ConnectionAttemptStatus.FailedClientInitiatedConnectionExists }),
      ).connectionAttempt,
    ).toBe(2);
  });

  // edgex testdata/CloseConnectionResponse-000.bytes: LLRPStatus (287 = 0x11f, 8 bytes) { code 0, "" }.
  it('parses a captured LLRPStatus and builds the same bytes', () => {
    expect(parseStatus(hex('011f 0008 0000 0000'))).toEqual({ code: 0, description: '' });
    expect(toHex(statusBody({ code: 0 }))).toBe('011f00080000' + '0000');
    const failed = statusBody({ code: 101, description: 'no' });
    expect(toHex(failed)).toBe('011f000a' + '0065' + '0002' + '6e6f');
    expect(parseStatus(failed)).toEqual({ code: 101, description: 'no' });
  });

  // edgex testdata/roAccessReports/ROAccessReport-001.bytes (an Impinj reader's report), its .json: EPC96
  // "MACrze8AAAAAAAAD" (base64 of 3000ABCDEF00000000000003), AntennaID 1, PeakRSSI -48, FirstSeenUTC 1594174805140192.
  it('parses a captured RO_ACCESS_REPORT with EPC-96 and TV parameters', () => {
    const body = hex('00f0 001f | 8d 3000abcdef00000000000003 | 81 0001 | 86 d0 | 82 0005a9e4bef862e0');
    expect(parseRoAccessReport(body)).toEqual([
      {
        epc: '3000ABCDEF00000000000003',
        antenna: 1,
        rssi: -48,
        firstSeenUs: 1594174805140192n,
        lastSeenUs: null,
        seenCount: null,
        rospecId: null,
      },
    ]);
    // ROAccessReport-005: the same tag family, RSSI -52 (0xcc), first seen 1594174805153264.
    const [tag] = parseRoAccessReport(hex('00f0001f 8d3000abcdef00000000000002 810001 86cc 820005a9e4bef895f0'));
    expect(tag).toMatchObject({ epc: '3000ABCDEF00000000000002', rssi: -52, firstSeenUs: 1594174805153264n });
  });

  it('round-trips a report with EPCData (a 128-bit EPC) and every TV the server asks for', () => {
    const tags = [
      {
        epc: 'E28011700000020A1B2C3D4E5F607182',
        antenna: 3,
        rssi: -61,
        firstSeenUs: 1_700_000_000_000_001n,
        lastSeenUs: 1_700_000_000_250_999n,
        seenCount: 4,
        rospecId: 1,
      },
      {
        epc: '30395DFA8318D84000000001',
        antenna: 1,
        rssi: -40,
        firstSeenUs: null,
        lastSeenUs: null,
        seenCount: null,
        rospecId: null,
      },
    ];
    const body = roAccessReportBody(tags);
    // EPCData (241 = 0xf1): 4 + u16 bit count 128 (0x0080) + 16 bytes = 22 bytes
    expect(toHex(body).slice(8, 20)).toBe('00f100160080');
    expect(parseRoAccessReport(body)).toEqual(tags);
  });

  it('refuses an unknown TV type (its length is unknown)', () => {
    expect(() => decodeParams(hex('ff 00'))).toThrow(LlrpDecodeError);
  });
});

describe('ROSpec and configuration', () => {
  it('builds ADD_ROSPEC as laid out in the standard (hand-computed bytes)', () => {
    const body = addRospecBody({
      rospecId: 1,
      antennas: [1],
      startTrigger: RospecStartTrigger.Immediate,
      reportEveryNTags: 1,
    });
    const expected =
      '00b10041' +
      '00000001' +
      '00' +
      '00' + // ROSpec 177, 65 bytes: id 1, priority 0, state Disabled
      '00b20012' +
      '00b3000501' +
      '00b600090000000000' + // ROBoundarySpec: start Immediate, stop Null
      '00b70018' +
      '00010001' +
      '00b800090000000000' +
      '00ba0007000101' + // AISpec: antenna 1, stop Null, C1G2
      '00ed000d' +
      '020001' +
      '00ee00069780'; // ROReportSpec: N tags or AISpec end, N=1; selector flags
    expect(toHex(body)).toBe(expected);
    expect(parseAddRospec(body)).toEqual({
      rospecId: 1,
      currentState: 0,
      startTrigger: 1,
      antennas: [1],
      reportTrigger: 2,
      reportN: 1,
      contentFlags: 0x9780,
      powerIndexes: [],
    });
  });

  it('names every antenna with 0 and carries the transmit power per antenna', () => {
    expect(parseAddRospec(addRospecBody({ rospecId: 5, antennas: [], startTrigger: 0, reportEveryNTags: 0 }))).toMatchObject({
      antennas: [0],
      reportTrigger: 1,
    });
    const body = addRospecBody({
      rospecId: 5,
      antennas: [1, 2],
      startTrigger: 1,
      reportEveryNTags: 1,
      transmit: { powerIndex: 61, hopTableId: 1, channelIndex: 0 },
    });
    // AntennaConfiguration (222 = 0xde) { antenna 1, RFTransmitter (224 = 0xe0) { hop 1, channel 0, power 61 } }
    expect(toHex(body)).toContain('00de00100001' + '00e0000a00010000003d');
    expect(parseAddRospec(body).powerIndexes).toEqual([61, 61]);
  });

  it('builds SET_READER_CONFIG with a periodic KeepaliveSpec (hand-computed)', () => {
    const body = setReaderConfigBody({ keepaliveMs: 10_000 });
    // ResetToFactoryDefault 0, KeepaliveSpec (220 = 0xdc, 9 bytes) { type 1 Periodic, 10000 ms }
    expect(toHex(body)).toBe('00' + '00dc0009' + '01' + '00002710');
    expect(parseSetReaderConfig(body)).toEqual({ resetToFactoryDefault: false, keepaliveMs: 10_000 });
  });

  it('reads the transmit power table and chooses the nearest level', () => {
    const levels = Array.from({ length: 81 }, (_, i) => ({ index: i + 1, dbm: 10 + i * 0.25 }));
    const capabilities = parseCapabilities(capabilitiesResponseBody({ powerLevels: levels, hopTableId: 3 }));
    expect(capabilities.powerLevels).toHaveLength(81);
    expect(capabilities.powerLevels[4]).toEqual({ index: 5, dbm: 11 });
    expect(capabilities.isHopping).toBe(true);
    expect(nearestPowerIndex(capabilities.powerLevels, 30)).toBe(81);
    expect(nearestPowerIndex(capabilities.powerLevels, 20.1)).toBe(41);
    expect(nearestPowerIndex(capabilities.powerLevels, 40)).toBe(81);
    expect(nearestPowerIndex([], 20)).toBeNull();
    expect(transmitterFor(capabilities, 41)).toEqual({ powerIndex: 41, hopTableId: 3, channelIndex: 0 });
    // TransmitPowerLevelTableEntry (145 = 0x91): index 5, 1100 = 11.00 dBm (0x044c)
    expect(toHex(capabilitiesResponseBody({ powerLevels: [{ index: 5, dbm: 11 }] }))).toContain('00910008' + '0005044c');
  });
});
