import { zodResolver } from '@hookform/resolvers/zod';
import { LLRP_DEFAULT_PORT, LLRP_HOST_REQUIRED, ReaderConnection, readerCreateBodySchema } from '@rfid/contract';
import type { Resolver } from 'react-hook-form';

export type ReaderForm = {
  serial_number: string;
  mac_address: string;
  locationArea1_id: number;
  working_mode: number;
  reader_type: number;
  connection_type: ReaderConnection;
  /** LLRP only; the antennas as typed ("1, 2, 4"; empty: all) and the power in dBm (empty: the reader's own). */
  llrp_host: string;
  llrp_port: string;
  llrp_antennas: string;
  llrp_power_dbm: string;
};
export const emptyForm: ReaderForm = {
  serial_number: '',
  mac_address: '',
  locationArea1_id: 0,
  working_mode: 0,
  reader_type: 0,
  connection_type: ReaderConnection.Push,
  llrp_host: '',
  llrp_port: String(LLRP_DEFAULT_PORT),
  llrp_antennas: '',
  llrp_power_dbm: '',
};

/** "1, 2 4" → [1, 2, 4]; anything that is not a number stays NaN and fails the contract's check. */
const antennasOf = (text: string): number[] =>
  text
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map((part) => (/^\d+$/.test(part) ? Number(part) : Number.NaN));

const contractResolver = zodResolver(readerCreateBodySchema) as unknown as Resolver<ReaderForm>;
/**
 * The form as the API takes it (antennas as a list, empty power as null), checked with the contract's schema; an LLRP
 * reader needs its host (the server checks it too).
 */
export const readerResolver: Resolver<ReaderForm> = async (values, context, options) => {
  const body = {
    ...values,
    llrp_antennas: antennasOf(values.llrp_antennas),
    llrp_power_dbm: values.llrp_power_dbm.trim() === '' ? null : values.llrp_power_dbm,
  } as unknown as ReaderForm;
  const result = await contractResolver(body, context, options);
  if (values.connection_type === ReaderConnection.Llrp && values.llrp_host.trim() === '') {
    return {
      values: {},
      errors: { ...result.errors, llrp_host: { type: 'required', message: LLRP_HOST_REQUIRED } },
    };
  }
  return result;
};
