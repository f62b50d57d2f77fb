import { createHash } from 'node:crypto';
import type { IngestedSetDto, ReadingSetInput } from '@rfid/contract';
import { ItemState } from '@rfid/contract';
import { tryDecodeItemKey } from '@rfid/epc';
import type { Db, Tx } from '../../db/client.js';
import { AppError, fieldError, forbidden } from '../../http/errors.js';
import { untranslated } from '../../i18n/messages.js';
import { createGroupCommit } from '../../lib/group-commit.js';
import { createNotifiedCache } from '../../lib/notified-cache.js';
import { hashToken } from '../../plugins/auth.js';
import type { IngestedEpc } from '../engine/dispatch.js';
import type { Engine } from '../engine/engine.js';
import {
  createIngestRepository,
  type IngestDevice,
  normalizeMac,
  type SetEpc,
  type SetRead,
  type StoredSetRow,
} from './ingest.repository.js';
import { normalizeEpc, rssiDbm } from './stream.js';

/** A reading set ready to store: reads carry their own time (the set's end_time when not sent). */
export type SetInput = { id: string; startTime: Date; endTime: Date; codebar: string | null; reads: SetRead[] };

export type IngestResult = { set: StoredSetRow; isCreated: boolean };

/**
 * Decodes an EPC for storage: GS1 scheme, GTIN-14 and serial, or 'unknown' (kept, never dropped). Only those three are
 * read (`tryDecodeItemKey`, not the whole decoding with its URIs): every EPC of every set goes through here.
 */
export const decodeForIngest = (epc: string): SetEpc => {
  const decoded = tryDecodeItemKey(epc);
  if (!decoded) return { epc, scheme: 'unknown', gtin: null, serial: null };
  return { epc, scheme: decoded.scheme, gtin: decoded.gtin, serial: decoded.serial };
};

/** An EPC of a validated body: hex as is, an EPC URI turned into hex; a bad URI is a 400 naming the field. */
const toHexEpc = (epc: string, field: string): string => {
  const hex = normalizeEpc(epc);
  if (typeof hex === 'string') return hex;
  throw fieldError(field, untranslated(hex.reason));
};

/** The body of POST /readingsets/ (validated) → the reads to store. */
export const toSetInput = (body: ReadingSetInput): SetInput => {
  const endTime = new Date(body.end_time);
  const reads: SetRead[] = body.reads
    ? body.reads.map((r, i) => ({
        epc: toHexEpc(r.epc, `reads.${i}.epc`),
        time: r.time ? new Date(r.time) : endTime,
        antenna: r.antenna ?? null,
        rssi: rssiDbm(r.rssi),
      }))
    : (body.epcs ?? []).map((epc, i) => ({ epc: toHexEpc(epc, `epcs.${i}`), time: endTime, antenna: null, rssi: null }));
  return { id: body.id.toLowerCase(), startTime: new Date(body.start_time), endTime, codebar: body.codebar || null, reads };
};

/** `Device <key>` or `Basic base64(user:key)` → the key (and the user Basic names). */
export const readerCredentials = (header: string | undefined): { key: string; user?: string } | null => {
  const device = /^Device\s+(\S+)\s*$/i.exec(header ?? '');
  if (device?.[1]) return { key: device[1] };
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!basic?.[1]) return null;
  const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
  // Split at the last colon: device keys have none, and a MAC typed with colons still names the reader.
  const colon = decoded.lastIndexOf(':');
  if (colon < 1 || colon === decoded.length - 1) return null;
  return { user: decoded.slice(0, colon), key: decoded.slice(colon + 1) };
};

/** True when the set's `device` names this reader (serial number, or MAC in any notation). */
export const isSameDevice = (device: IngestDevice, name: string): boolean =>
  name.trim().toLowerCase() === device.serialNumber.toLowerCase() ||
  (normalizeMac(name).length >= 12 && normalizeMac(name) === normalizeMac(device.macAddress));

/** A UUID (version 5 layout) derived from a name, so a regrouped stream gives the same set id. */
export const deterministicUuid = (name: string): string => {
  const h = createHash('sha256').update(name).digest('hex');
  const variant = ((Number.parseInt(h.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

export const toIngestedSetDto = (row: StoredSetRow, isCreated: boolean): IngestedSetDto => ({
  id: row.id,
  device: row.deviceId,
  location: row.locationId,
  area: row.areaId,
  working_mode: row.workingMode,
  codebar: row.codebar,
  start_time: row.startTime.toISOString(),
  end_time: row.endTime.toISOString(),
  read_count: row.readCount,
  epc_count: row.epcCount,
  claimed_by: row.claimedBy,
  created: isCreated,
});

/** A stream flush found its staged reads taken (or its set stored) by another flush: nothing was written. */
export class StaleStreamFlushError extends Error {}

/** 409: the set id is another reader's (a resend is only ever the same reader's). */
export const SET_ID_TAKEN = 'ingest.set_id_taken';

/**
 * Stores one reading set in one transaction (docs/design.md §6): the set row (its id makes a
 * resend a no-op), the items never seen before (the ledger's `see`), the pipeline's working-mode
 * handlers (engine/pipeline.ts), one trace per read (the ledger), then the pipeline's commit hooks
 * (live updates, stock alarms, EPCIS events and their webhooks) before it commits.
 * `takeFirst` runs first inside the transaction (the stream grouper locks the reader's stream
 * and deletes the staged reads the set is made of there, so a set and the removal of its staged
 * reads commit together, or neither); with it, an existing set id is a stale flush, not a resend.
 */
export const ingestSet = async (
  engine: Engine,
  device: IngestDevice,
  input: SetInput,
  takeFirst?: (tx: Tx) => Promise<void>,
): Promise<IngestResult> => {
  const distinct = [...new Set(input.reads.map((r) => r.epc))].sort();
  const epcs = distinct.map(decodeForIngest);
  // The set as stored and as the handlers see it: its reader's place and mode, its codebar and times.
  const setHeader = {
    id: input.id,
    companyId: device.companyId,
    deviceId: device.id,
    locationId: device.locationId,
    areaId: device.areaId,
    workingMode: device.workingMode,
    codebar: input.codebar,
    startTime: input.startTime,
    endTime: input.endTime,
  };
  return engine.transaction(async (scope) => {
    const { tx, ledger } = scope;
    const repo = createIngestRepository(tx);
    await takeFirst?.(tx);
    const inserted = await repo.insertSet({
      ...setHeader,
      readCount: input.reads.length,
      epcCount: distinct.length,
    });
    if (!inserted) {
      if (takeFirst) throw new StaleStreamFlushError(`stream set ${input.id} exists`);
      const stored = await repo.setById(input.id);
      // A resend is the same reader's: another reader's (or company's) set id is a conflict, and that set is not
      // disclosed; this reader's reads must not be dropped as if they were stored.
      if (!stored || stored.companyId !== device.companyId || stored.deviceId !== device.id) {
        throw new AppError('CONFLICT', { message: SET_ID_TAKEN });
      }
      return { set: stored, isCreated: false };
    }
    const items =
      epcs.length === 0
        ? []
        : await ledger.see({
            companyId: device.companyId,
            areaId: device.areaId,
            locationId: device.locationId,
            seenAt: input.endTime,
            epcs,
          });
    const ingested: IngestedEpc[] = items.map((item) => ({
      epc: item.epc,
      itemId: item.id,
      itemTypeId: item.itemTypeId,
      gtin: item.gtin,
      stateBefore: item.inserted ? ItemState.Unknown : item.state,
      areaIdBefore: item.inserted ? null : item.areaId,
      locationIdBefore: item.inserted ? null : item.locationId,
    }));
    // The pipeline's handlers (engine/pipeline.ts); its commit hooks run when this body is done, before the commit.
    const claim = await engine.runHandlers(scope, { ...setHeader, epcs: ingested }, distinct.length);
    if (claim) await repo.claimSet(input.id, claim);
    if (input.reads.length > 0 && claim) {
      // The handlers may have moved the items: the traces read their state and area now.
      await ledger.traceReads({
        companyId: device.companyId,
        readingSetId: input.id,
        reads: input.reads,
        area1ByEpc: new Map(ingested.map((e) => [e.epc, e.areaIdBefore])),
      });
    } else if (input.reads.length > 0) {
      await ledger.traceUnmoved({
        companyId: device.companyId,
        readingSetId: input.id,
        reads: input.reads,
        itemByEpc: new Map(
          items.map((item) => [
            item.epc,
            { id: item.id, state: item.state, areaId: item.areaId, areaIdBefore: item.inserted ? null : item.areaId },
          ]),
        ),
      });
    }
    return { set: claim ? { ...inserted, claimedBy: claim } : inserted, isCreated: true };
  });
};

const DEVICE_CACHE_MS = 10_000;
const TOUCH_EVERY_MS = 5_000;

/** The channel a trigger notifies when a reader's key, place or mode changes (migration 0031). */
export const DEVICES_CHANGED = 'devices_changed';

/**
 * Device lookups and a throttled last_seen_at. A device key is looked up in the database (one unique-index probe on
 * devices.device_key_hash, the lookups of concurrent requests in one query) and the reader kept `keyCacheMs`
 * (AUTH_CACHE_MS, as users' tokens are) while the database's notifications arrive: a rotated key, a moved or deleted
 * reader empties every process's cache at commit (`devices_changed`, `keyCache.clear`), and the process that made
 * the change empties its own before answering. Lookups by MAC (MQTT topics, which the broker authenticates) keep a
 * short cache.
 */
export const createDeviceDirectory = (db: Db, { keyCacheMs = 0 }: { keyCacheMs?: number } = {}) => {
  const repo = createIngestRepository(db);
  const keyCache = createNotifiedCache<IngestDevice>(keyCacheMs);
  const byMac = new Map<string, { device: IngestDevice | undefined; at: number }>();
  const touched = new Map<number, number>();
  // The key lookups of concurrent requests that missed the cache, one query a batch (lib/group-commit.ts).
  const keyLookups = createGroupCommit<string, IngestDevice | undefined>({
    commit: async (keyHashes) => {
      const found = await repo.devicesByKeyHashes([...new Set(keyHashes)]);
      return keyHashes.map((keyHash) => found.get(keyHash));
    },
  });
  const deviceOfKey = async (keyHash: string) => {
    const hit = keyCache.get(keyHash);
    if (hit) return hit;
    const since = keyCache.generation();
    const device = await keyLookups.submit(keyHash);
    if (device) keyCache.set(keyHash, device, since);
    return device;
  };

  const cached = async (
    cache: Map<string, { device: IngestDevice | undefined; at: number }>,
    key: string,
    load: () => Promise<IngestDevice | undefined>,
  ) => {
    const hit = cache.get(key);
    const now = Date.now();
    if (hit && now - hit.at < DEVICE_CACHE_MS) return hit.device;
    const device = await load();
    if (cache.size > 10_000) cache.clear();
    cache.set(key, { device, at: now });
    return device;
  };

  return {
    /** The readers kept by key: `Database.listen(DEVICES_CHANGED, …)` empties it, and trusts it while listening. */
    keyCache: { onNotify: () => keyCache.clear(), onState: (listening: boolean) => keyCache.setTrusted(listening) },

    /**
     * The reader of a request, or 401: `Authorization: Device <key>`, or HTTP Basic as the Zebra
     * IoT Connector and Impinj webhook consoles send it (user = the reader's serial number or
     * MAC, password = its device key). Keys are stored as SHA-256 and looked up by that hash:
     * the key itself is never compared, so its timing tells nothing about it.
     */
    async authenticate(header: string | undefined): Promise<IngestDevice> {
      const credentials = readerCredentials(header);
      if (!credentials) {
        throw new AppError('UNAUTHENTICATED', {
          message: 'ingest.device_key_required',
        });
      }
      const keyHash = hashToken(credentials.key);
      const device = await deviceOfKey(keyHash);
      if (!device || (credentials.user !== undefined && !isSameDevice(device, credentials.user))) {
        throw new AppError('UNAUTHENTICATED', { message: 'ingest.invalid_device_key' });
      }
      return device;
    },

    byMac(mac: string): Promise<IngestDevice | undefined> {
      return cached(byMac, normalizeMac(mac), () => repo.deviceByMac(mac));
    },

    byId(id: number): Promise<IngestDevice | undefined> {
      return repo.deviceById(id);
    },

    /** Marks the reader as heard from (ON in the NMS), at most every few seconds. */
    async touch(deviceId: number): Promise<void> {
      const now = Date.now();
      if (now - (touched.get(deviceId) ?? 0) < TOUCH_EVERY_MS) return;
      touched.set(deviceId, now);
      await repo.touchDevice(deviceId, new Date(now));
    },

    /** The set's device (when it names one) is another reader than the key's: refused. */
    assertSameDevice(device: IngestDevice, name: string | undefined): void {
      if (name !== undefined && !isSameDevice(device, name)) throw forbidden('ingest.device_mismatch');
    },
  };
};
export type DeviceDirectory = ReturnType<typeof createDeviceDirectory>;
