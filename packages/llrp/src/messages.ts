/**
 * The LLRP messages and parameters used by the server (a client running one ROSpec) and the reader simulator, built and
 * parsed from/to plain objects. Type numbers and layouts: EPCglobal LLRP 1.0.1 (2007-08-13) section 16, as listed in
 * the LLRP Toolkit's llrp-1x0-def.xml (llrp.org; copied in github.com/llrpjs/llrpjs LTK/Definitions/Core) and
 * edgexfoundry/device-rfid-llrp-go pkg/llrp/messages.yaml.
 */
import { decodeParams, FieldReader, FieldWriter, type LlrpParam, tlv, tv } from './codec.js';

export const MessageType = {
  GetReaderCapabilities: 1,
  SetReaderConfig: 3,
  CloseConnectionResponse: 4,
  GetReaderCapabilitiesResponse: 11,
  SetReaderConfigResponse: 13,
  CloseConnection: 14,
  AddRospec: 20,
  DeleteRospec: 21,
  StartRospec: 22,
  StopRospec: 23,
  EnableRospec: 24,
  DisableRospec: 25,
  AddRospecResponse: 30,
  DeleteRospecResponse: 31,
  StartRospecResponse: 32,
  StopRospecResponse: 33,
  EnableRospecResponse: 34,
  DisableRospecResponse: 35,
  RoAccessReport: 61,
  Keepalive: 62,
  ReaderEventNotification: 63,
  EnableEventsAndReports: 64,
  KeepaliveAck: 72,
  ErrorMessage: 100,
} as const;

/** The response type of each request this package sends (LLRP answers with the request's message id). */
export const RESPONSE_OF: Readonly<Record<number, number>> = {
  [MessageType.GetReaderCapabilities]: MessageType.GetReaderCapabilitiesResponse,
  [MessageType.SetReaderConfig]: MessageType.SetReaderConfigResponse,
  [MessageType.CloseConnection]: MessageType.CloseConnectionResponse,
  [MessageType.AddRospec]: MessageType.AddRospecResponse,
  [MessageType.DeleteRospec]: MessageType.DeleteRospecResponse,
  [MessageType.StartRospec]: MessageType.StartRospecResponse,
  [MessageType.StopRospec]: MessageType.StopRospecResponse,
  [MessageType.EnableRospec]: MessageType.EnableRospecResponse,
  [MessageType.DisableRospec]: MessageType.DisableRospecResponse,
};

export const ParamType = {
  AntennaId: 1,
  FirstSeenUtc: 2,
  FirstSeenUptime: 3,
  LastSeenUtc: 4,
  LastSeenUptime: 5,
  PeakRssi: 6,
  TagSeenCount: 8,
  RospecId: 9,
  Epc96: 13,
  UtcTimestamp: 128,
  Uptime: 129,
  RegulatoryCapabilities: 143,
  UhfBandCapabilities: 144,
  TransmitPowerLevelTableEntry: 145,
  FrequencyInformation: 146,
  FrequencyHopTable: 147,
  FixedFrequencyTable: 148,
  Rospec: 177,
  RoBoundarySpec: 178,
  RospecStartTrigger: 179,
  RospecStopTrigger: 182,
  AiSpec: 183,
  AiSpecStopTrigger: 184,
  InventoryParameterSpec: 186,
  KeepaliveSpec: 220,
  AntennaConfiguration: 222,
  RfTransmitter: 224,
  RoReportSpec: 237,
  TagReportContentSelector: 238,
  TagReportData: 240,
  EpcData: 241,
  ReaderEventNotificationData: 246,
  ConnectionAttemptEvent: 256,
  ConnectionCloseEvent: 257,
  LlrpStatus: 287,
  FieldError: 288,
  ParameterError: 289,
} as const;

/** LLRPStatus codes (LLRP 1.0.1 section 14.1.1; 1.1 section 15). */
export const StatusCode = {
  Success: 0,
  ParameterError: 100,
  FieldError: 101,
  UnexpectedParameter: 102,
  MissingParameter: 103,
  UnsupportedMessage: 109,
  UnsupportedVersion: 110,
  UnexpectedMessage: 112,
  ParamFieldError: 201,
  FieldInvalid: 300,
  FieldOutOfRange: 301,
  DeviceError: 401,
} as const;

/** ConnectionAttemptEvent status (LLRP 1.0.1 section 13.2.6.12). */
export const ConnectionAttemptStatus = {
  Success: 0,
  FailedReaderInitiatedConnectionExists: 1,
  FailedClientInitiatedConnectionExists: 2,
  FailedReasonOther: 3,
  AnotherConnectionAttempted: 4,
} as const;

export const RospecStartTrigger = { Null: 0, Immediate: 1, Periodic: 2, Gpi: 3 } as const;
/** ROReportSpec trigger: 1 = at the end of the AISpec, 2 = after N tags or at the end of the AISpec. */
export const RoReportTrigger = { None: 0, EndOfAiSpec: 1, NTagsOrEndOfAiSpec: 2 } as const;
export const AIR_PROTOCOL_EPC_C1G2 = 1;
/** AISpecStopTrigger/ROSpecStopTrigger type 0: Null (run until stopped or disabled). */
export const STOP_TRIGGER_NULL = 0;
/** GET_READER_CAPABILITIES RequestedData 3: Regulatory capabilities (power table, frequencies). */
export const REQUESTED_REGULATORY_CAPABILITIES = 3;

/* ------------------------------------------------------------------ small parameters */

const findParam = (params: LlrpParam[], type: number): LlrpParam | undefined => params.find((p) => p.type === type);
const findParams = (params: LlrpParam[], type: number): LlrpParam[] => params.filter((p) => p.type === type);

export type LlrpStatus = { code: number; description: string };

/** LLRPStatus (287): u16 StatusCode, utf8v ErrorDescription, then FieldError/ParameterError (ignored here). */
export const llrpStatusParam = ({ code, description = '' }: { code: number; description?: string }, ...details: Buffer[]) =>
  tlv(ParamType.LlrpStatus, new FieldWriter().u16(code).utf8v(description).done(), ...details);

/** ParameterError (289) { u16 ParameterType, u16 ErrorCode, FieldError (288) { u16 FieldNum, u16 ErrorCode } }. */
export const parameterErrorParam = ({
  paramType,
  code,
  field,
}: {
  paramType: number;
  code: number;
  field?: { index: number; code: number };
}) =>
  tlv(
    ParamType.ParameterError,
    new FieldWriter().u16(paramType).u16(code).done(),
    ...(field ? [tlv(ParamType.FieldError, new FieldWriter().u16(field.index).u16(field.code).done())] : []),
  );

const readStatus = (param: LlrpParam | undefined): LlrpStatus => {
  if (!param) return { code: -1, description: 'LLRPStatus missing' };
  const reader = new FieldReader(param.value);
  return { code: reader.u16(), description: reader.utf8v() };
};

/** The LLRPStatus of a response or ERROR_MESSAGE body (it is their first parameter; fields-less bodies). */
export const parseStatus = (body: Buffer): LlrpStatus => readStatus(findParam(decodeParams(body), ParamType.LlrpStatus));

/** A response message body: LLRPStatus only. */
export const statusBody = (status: { code: number; description?: string }, ...details: Buffer[]) =>
  llrpStatusParam(status, ...details);

/* ------------------------------------------------------------------ reader events */

export type ReaderEvent = {
  /** Microseconds since 1970 (UTCTimestamp) or since the reader started (Uptime). */
  timestampUs: bigint | null;
  connectionAttempt: number | null;
  isConnectionClose: boolean;
};

/**
 * READER_EVENT_NOTIFICATION body: ReaderEventNotificationData (246) { UTCTimestamp (128) { u64 µs },
 * ConnectionAttemptEvent (256) { u16 status } | ConnectionCloseEvent (257) }.
 */
export const readerEventBody = ({
  timestampUs,
  connectionAttempt,
  isConnectionClose = false,
}: {
  timestampUs: bigint;
  connectionAttempt?: number;
  isConnectionClose?: boolean;
}): Buffer =>
  tlv(
    ParamType.ReaderEventNotificationData,
    Buffer.alloc(0),
    tlv(ParamType.UtcTimestamp, new FieldWriter().u64(timestampUs).done()),
    ...(connectionAttempt === undefined
      ? []
      : [tlv(ParamType.ConnectionAttemptEvent, new FieldWriter().u16(connectionAttempt).done())]),
    ...(isConnectionClose ? [tlv(ParamType.ConnectionCloseEvent)] : []),
  );

export const parseReaderEvent = (body: Buffer): ReaderEvent => {
  const data = findParam(decodeParams(body), ParamType.ReaderEventNotificationData);
  const inner = data ? decodeParams(data.value) : [];
  const time = findParam(inner, ParamType.UtcTimestamp) ?? findParam(inner, ParamType.Uptime);
  const attempt = findParam(inner, ParamType.ConnectionAttemptEvent);
  return {
    timestampUs: time ? new FieldReader(time.value).u64() : null,
    connectionAttempt: attempt ? new FieldReader(attempt.value).u16() : null,
    isConnectionClose: Boolean(findParam(inner, ParamType.ConnectionCloseEvent)),
  };
};

/* ------------------------------------------------------------------ reader configuration */

/** SET_READER_CONFIG body: u1 ResetToFactoryDefault + 7 reserved, then KeepaliveSpec (220) { u8 type, u32 ms }. */
export const setReaderConfigBody = ({ keepaliveMs }: { keepaliveMs: number }): Buffer =>
  Buffer.concat([
    Buffer.from([0x00]),
    tlv(
      ParamType.KeepaliveSpec,
      new FieldWriter()
        .u8(keepaliveMs > 0 ? 1 : 0)
        .u32(keepaliveMs)
        .done(),
    ),
  ]);

export type ReaderConfig = { resetToFactoryDefault: boolean; keepaliveMs: number | null };

export const parseSetReaderConfig = (body: Buffer): ReaderConfig => {
  const reader = new FieldReader(body);
  const resetToFactoryDefault = (reader.u8() & 0x80) !== 0;
  const keepalive = findParam(decodeParams(reader.rest()), ParamType.KeepaliveSpec);
  if (!keepalive) return { resetToFactoryDefault, keepaliveMs: null };
  const fields = new FieldReader(keepalive.value);
  const type = fields.u8();
  const interval = fields.u32();
  return { resetToFactoryDefault, keepaliveMs: type === 1 ? interval : 0 };
};

/** DELETE/START/STOP/ENABLE/DISABLE_ROSPEC body: u32 ROSpecID (0 = all, for delete/enable/disable). */
export const rospecIdBody = (rospecId: number): Buffer => new FieldWriter().u32(rospecId).done();
export const parseRospecIdBody = (body: Buffer): number => new FieldReader(body).u32();

/* ------------------------------------------------------------------ ROSpec */

/** What the server asks of a reader: one ROSpec inventorying C1G2 tags continuously and reporting every tag. */
export type RospecConfig = {
  rospecId: number;
  /** Empty (or containing 0): every antenna. */
  antennas: readonly number[];
  startTrigger: number;
  /** Report after this many tags (trigger 2); 0 = at the end of each AISpec (trigger 1). */
  reportEveryNTags: number;
  /** Transmit power as an index of the reader's TransmitPowerLevelTable, per antenna in `antennas`; null: reader's own. */
  transmit?: { powerIndex: number; hopTableId: number; channelIndex: number } | null;
};

/** TagReportContentSelector flags, most significant bit first (10 flags and 6 reserved bits of one u16). */
const SELECTOR = {
  rospecId: 1 << 15,
  specIndex: 1 << 14,
  inventoryParameterSpecId: 1 << 13,
  antennaId: 1 << 12,
  channelIndex: 1 << 11,
  peakRssi: 1 << 10,
  firstSeen: 1 << 9,
  lastSeen: 1 << 8,
  tagSeenCount: 1 << 7,
  accessSpecId: 1 << 6,
} as const;
export const REPORT_CONTENT_FLAGS =
  SELECTOR.rospecId | SELECTOR.antennaId | SELECTOR.peakRssi | SELECTOR.firstSeen | SELECTOR.lastSeen | SELECTOR.tagSeenCount;

/**
 * ADD_ROSPEC body: ROSpec (177) { u32 ROSpecID, u8 Priority, u8 CurrentState (0 = Disabled),
 *   ROBoundarySpec (178) { ROSpecStartTrigger (179) { u8 type }, ROSpecStopTrigger (182) { u8 type, u32 duration } },
 *   AISpec (183) { u16v AntennaIDs, AISpecStopTrigger (184) { u8 type, u32 duration },
 *     InventoryParameterSpec (186) { u16 id, u8 ProtocolID,
 *       AntennaConfiguration (222) { u16 AntennaID, RFTransmitter (224) { u16 HopTableID, u16 ChannelIndex,
 *         u16 TransmitPower } }* } },
 *   ROReportSpec (237) { u8 trigger, u16 N, TagReportContentSelector (238) { u16 flags } } }.
 */
export const addRospecBody = (config: RospecConfig): Buffer => {
  const antennas = config.antennas.length === 0 ? [0] : [...config.antennas];
  const transmit = config.transmit;
  const antennaConfigs = transmit
    ? antennas.map((antenna) =>
        tlv(
          ParamType.AntennaConfiguration,
          new FieldWriter().u16(antenna).done(),
          tlv(
            ParamType.RfTransmitter,
            new FieldWriter().u16(transmit.hopTableId).u16(transmit.channelIndex).u16(transmit.powerIndex).done(),
          ),
        ),
      )
    : [];
  const reportTrigger = config.reportEveryNTags > 0 ? RoReportTrigger.NTagsOrEndOfAiSpec : RoReportTrigger.EndOfAiSpec;
  return tlv(
    ParamType.Rospec,
    new FieldWriter().u32(config.rospecId).u8(0).u8(0).done(),
    tlv(
      ParamType.RoBoundarySpec,
      Buffer.alloc(0),
      tlv(ParamType.RospecStartTrigger, new FieldWriter().u8(config.startTrigger).done()),
      tlv(ParamType.RospecStopTrigger, new FieldWriter().u8(STOP_TRIGGER_NULL).u32(0).done()),
    ),
    tlv(
      ParamType.AiSpec,
      new FieldWriter().u16v(antennas).done(),
      tlv(ParamType.AiSpecStopTrigger, new FieldWriter().u8(STOP_TRIGGER_NULL).u32(0).done()),
      tlv(ParamType.InventoryParameterSpec, new FieldWriter().u16(1).u8(AIR_PROTOCOL_EPC_C1G2).done(), ...antennaConfigs),
    ),
    tlv(
      ParamType.RoReportSpec,
      new FieldWriter().u8(reportTrigger).u16(config.reportEveryNTags).done(),
      tlv(ParamType.TagReportContentSelector, new FieldWriter().u16(REPORT_CONTENT_FLAGS).done()),
    ),
  );
};

export type ParsedRospec = {
  rospecId: number;
  currentState: number;
  startTrigger: number;
  antennas: number[];
  reportTrigger: number | null;
  reportN: number;
  contentFlags: number | null;
  powerIndexes: number[];
};

/** The ROSpec of an ADD_ROSPEC body (what the simulator needs of it). */
export const parseAddRospec = (body: Buffer): ParsedRospec => {
  const rospec = findParam(decodeParams(body), ParamType.Rospec);
  if (!rospec) throw new Error('ROSpec parameter missing');
  const fields = new FieldReader(rospec.value);
  const rospecId = fields.u32();
  fields.u8(); // priority
  const currentState = fields.u8();
  const params = decodeParams(fields.rest());
  const boundary = findParam(params, ParamType.RoBoundarySpec);
  const start = boundary ? findParam(decodeParams(boundary.value), ParamType.RospecStartTrigger) : undefined;
  const antennas: number[] = [];
  const powerIndexes: number[] = [];
  for (const ai of findParams(params, ParamType.AiSpec)) {
    const aiFields = new FieldReader(ai.value);
    antennas.push(...aiFields.u16v());
    for (const inventory of findParams(decodeParams(aiFields.rest()), ParamType.InventoryParameterSpec)) {
      const inventoryFields = new FieldReader(inventory.value);
      inventoryFields.u16();
      inventoryFields.u8();
      for (const antennaConfig of findParams(decodeParams(inventoryFields.rest()), ParamType.AntennaConfiguration)) {
        const configFields = new FieldReader(antennaConfig.value);
        configFields.u16();
        const transmitter = findParam(decodeParams(configFields.rest()), ParamType.RfTransmitter);
        if (transmitter) {
          const t = new FieldReader(transmitter.value);
          t.u16();
          t.u16();
          powerIndexes.push(t.u16());
        }
      }
    }
  }
  const report = findParam(params, ParamType.RoReportSpec);
  let reportTrigger: number | null = null;
  let reportN = 0;
  let contentFlags: number | null = null;
  if (report) {
    const reportFields = new FieldReader(report.value);
    reportTrigger = reportFields.u8();
    reportN = reportFields.u16();
    const selector = findParam(decodeParams(reportFields.rest()), ParamType.TagReportContentSelector);
    if (selector) contentFlags = new FieldReader(selector.value).u16();
  }
  return {
    rospecId,
    currentState,
    startTrigger: start ? new FieldReader(start.value).u8() : RospecStartTrigger.Null,
    antennas,
    reportTrigger,
    reportN,
    contentFlags,
    powerIndexes,
  };
};

/* ------------------------------------------------------------------ tag reports */

export type TagReport = {
  /** Upper-case hex of the EPC (EPC-96 or EPCData). */
  epc: string;
  antenna: number | null;
  rssi: number | null;
  /** Microseconds since 1970 (UTC timestamps only; uptime timestamps are not instants). */
  firstSeenUs: bigint | null;
  lastSeenUs: bigint | null;
  seenCount: number | null;
  rospecId: number | null;
};

/**
 * The TV parameters of a TagReportData that carry one TagReport field each, in the order they are written, with the
 * field's width (the FieldWriter / FieldReader method).
 */
const TAG_REPORT_TVS: readonly (
  | { field: 'antenna' | 'rssi' | 'seenCount' | 'rospecId'; type: number; width: 's8' | 'u16' | 'u32' }
  | { field: 'firstSeenUs' | 'lastSeenUs'; type: number; width: 'u64' }
)[] = [
  { field: 'rospecId', type: ParamType.RospecId, width: 'u32' },
  { field: 'antenna', type: ParamType.AntennaId, width: 'u16' },
  { field: 'rssi', type: ParamType.PeakRssi, width: 's8' },
  { field: 'firstSeenUs', type: ParamType.FirstSeenUtc, width: 'u64' },
  { field: 'lastSeenUs', type: ParamType.LastSeenUtc, width: 'u64' },
  { field: 'seenCount', type: ParamType.TagSeenCount, width: 'u16' },
];

/** A TagReportData (240) parameter: EPC-96 (TV 13) when the EPC has 96 bits, else EPCData (241), then the chosen TVs. */
export const tagReportDataParam = (tag: TagReport): Buffer => {
  const epc = Buffer.from(tag.epc, 'hex');
  const parts: Buffer[] = [
    epc.length === 12
      ? tv(ParamType.Epc96, epc)
      : tlv(ParamType.EpcData, Buffer.concat([new FieldWriter().u16(epc.length * 8).done(), epc])),
  ];
  for (const one of TAG_REPORT_TVS) {
    const writer = new FieldWriter();
    if (one.width === 'u64') {
      const value = tag[one.field];
      if (value !== null) parts.push(tv(one.type, writer.u64(value).done()));
    } else {
      const value = tag[one.field];
      if (value !== null) parts.push(tv(one.type, writer[one.width](value).done()));
    }
  }
  return tlv(ParamType.TagReportData, Buffer.alloc(0), ...parts);
};

/** RO_ACCESS_REPORT body: TagReportData (240)*. */
export const roAccessReportBody = (tags: readonly TagReport[]): Buffer => Buffer.concat(tags.map(tagReportDataParam));

/** The tags of an RO_ACCESS_REPORT body (other parameters, such as RFSurveyReportData or Custom, are skipped). */
export const parseRoAccessReport = (body: Buffer): TagReport[] => {
  const tags: TagReport[] = [];
  for (const data of findParams(decodeParams(body), ParamType.TagReportData)) {
    const tag: TagReport = {
      epc: '',
      antenna: null,
      rssi: null,
      firstSeenUs: null,
      lastSeenUs: null,
      seenCount: null,
      rospecId: null,
    };
    for (const param of decodeParams(data.value)) {
      const fields = new FieldReader(param.value);
      switch (param.type) {
        case ParamType.Epc96:
          tag.epc = param.isTv ? param.value.toString('hex').toUpperCase() : tag.epc;
          break;
        case ParamType.EpcData:
          if (!param.isTv) {
            const bits = fields.u16();
            tag.epc = fields
              .take(Math.ceil(bits / 8))
              .toString('hex')
              .toUpperCase();
          }
          break;
        default: {
          const one = param.isTv ? TAG_REPORT_TVS.find((candidate) => candidate.type === param.type) : undefined;
          if (one?.width === 'u64') tag[one.field] = fields.u64();
          else if (one !== undefined) tag[one.field] = fields[one.width]();
          break;
        }
      }
    }
    if (tag.epc) tags.push(tag);
  }
  return tags;
};

/* ------------------------------------------------------------------ capabilities */

export type RegulatoryCapabilities = {
  /** TransmitPowerLevelTableEntry: index and power in dBm (the standard carries hundredths of dBm). */
  powerLevels: { index: number; dbm: number }[];
  isHopping: boolean;
  /** The first FrequencyHopTable's id (hopping readers), else 0. */
  hopTableId: number;
};

/** GET_READER_CAPABILITIES body: u8 RequestedData. */
export const getReaderCapabilitiesBody = (requested = REQUESTED_REGULATORY_CAPABILITIES): Buffer =>
  new FieldWriter().u8(requested).done();

/**
 * GET_READER_CAPABILITIES_RESPONSE body with RegulatoryCapabilities (143) { u16 CountryCode, u16 CommunicationsStandard,
 * UHFBandCapabilities (144) { TransmitPowerLevelTableEntry (145) { u16 index, s16 power (0.01 dBm) }*,
 * FrequencyInformation (146) { u1 Hopping + 7 reserved, FrequencyHopTable (147) { u8 id, u8 reserved, u16v… }* } } }.
 */
export const capabilitiesResponseBody = ({
  status = { code: StatusCode.Success },
  powerLevels,
  hopTableId = 1,
}: {
  status?: { code: number; description?: string };
  powerLevels: { index: number; dbm: number }[];
  hopTableId?: number;
}): Buffer =>
  Buffer.concat([
    llrpStatusParam(status),
    tlv(
      ParamType.RegulatoryCapabilities,
      new FieldWriter().u16(724).u16(2).done(), // Spain (ISO 3166 724), ETSI EN 302 208
      tlv(
        ParamType.UhfBandCapabilities,
        Buffer.alloc(0),
        ...powerLevels.map(({ index, dbm }) =>
          tlv(
            ParamType.TransmitPowerLevelTableEntry,
            new FieldWriter()
              .u16(index)
              .s16(Math.round(dbm * 100))
              .done(),
          ),
        ),
        tlv(
          ParamType.FrequencyInformation,
          new FieldWriter().u8(0x80).done(),
          tlv(ParamType.FrequencyHopTable, new FieldWriter().u8(hopTableId).u8(0).u16(1).u32(866_900).done()),
        ),
      ),
    ),
  ]);

export const parseCapabilities = (body: Buffer): RegulatoryCapabilities => {
  const result: RegulatoryCapabilities = { powerLevels: [], isHopping: false, hopTableId: 0 };
  const regulatory = findParam(decodeParams(body), ParamType.RegulatoryCapabilities);
  if (!regulatory) return result;
  const regulatoryFields = new FieldReader(regulatory.value);
  regulatoryFields.u16();
  regulatoryFields.u16();
  const band = findParam(decodeParams(regulatoryFields.rest()), ParamType.UhfBandCapabilities);
  if (!band) return result;
  const bandParams = decodeParams(band.value);
  for (const entry of findParams(bandParams, ParamType.TransmitPowerLevelTableEntry)) {
    const fields = new FieldReader(entry.value);
    result.powerLevels.push({ index: fields.u16(), dbm: fields.s16() / 100 });
  }
  const frequency = findParam(bandParams, ParamType.FrequencyInformation);
  if (frequency) {
    const fields = new FieldReader(frequency.value);
    result.isHopping = (fields.u8() & 0x80) !== 0;
    const hop = findParam(decodeParams(fields.rest()), ParamType.FrequencyHopTable);
    if (result.isHopping && hop) result.hopTableId = new FieldReader(hop.value).u8();
  }
  return result;
};

/** The power table's entry nearest to `dbm` (ties: the lower power). */
export const nearestPowerIndex = (levels: readonly { index: number; dbm: number }[], dbm: number): number | null => {
  let best: { index: number; dbm: number } | null = null;
  for (const level of levels) {
    const distance = Math.abs(level.dbm - dbm);
    if (!best || distance < Math.abs(best.dbm - dbm) || (distance === Math.abs(best.dbm - dbm) && level.dbm < best.dbm)) {
      best = level;
    }
  }
  return best ? best.index : null;
};

/** RFTransmitter's HopTableID/ChannelIndex from the capabilities: a hop table when hopping, else fixed channel 1. */
export const transmitterFor = (capabilities: RegulatoryCapabilities, powerIndex: number) =>
  capabilities.isHopping
    ? { powerIndex, hopTableId: capabilities.hopTableId, channelIndex: 0 }
    : { powerIndex, hopTableId: 0, channelIndex: 1 };

/** Microseconds since 1970 as a Date (millisecond precision, as far as a Date goes). */
export const dateOfMicros = (micros: bigint): Date => new Date(Number(micros / 1000n));
export const microsOfDate = (date: Date): bigint => BigInt(date.getTime()) * 1000n;
