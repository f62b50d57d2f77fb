import { describe, expect, it } from 'vitest';
import { createPrinterOutputReader, HQES_ERROR_FLAGS, parseErrorStatus } from './print-transport.js';

const STX = '\u0002';
const ETX = '\u0003';
/** A ~HS answer as the ZPL II guide frames it: three <STX>…<ETX><CR><LF> strings. */
const HS_IDLE = `${STX}030,0,0,1218,000,0,0,0,000,0,0,0${ETX}\r\n${STX}001,0,0,0,0,9,4,0,00000000,1,000${ETX}\r\n${STX}1234,0${ETX}\r\n`;
/** A ~HQES answer: paper out and head open (error flags 00000005), no warnings. */
const HQES_PAPER_HEAD = `${STX}\r\n  PRINTER STATUS\r\n   ERRORS:         1 00000000 00000005\r\n   WARNINGS:       0 00000000 00000000\r\n${ETX}\r\n`;

describe("reading a Zebra printer's answers", () => {
  it('reads ~HQES error flags as faults, with the masks of the ZPL II guide', () => {
    expect(parseErrorStatus(HQES_PAPER_HEAD)).toEqual(['paper_out', 'head_open']);
    expect(parseErrorStatus('PRINTER STATUS\r\nERRORS: 0 00000000 00000000\r\nWARNINGS: 0 00000000 00000000')).toEqual([]);
    expect(parseErrorStatus('ERRORS: 1 00000000 00000012')).toEqual(['ribbon_out', 'printhead_over_temperature']);
    expect(parseErrorStatus('ERRORS: 1 00000000 000000A8')).toEqual([
      'cutter_fault',
      'motor_over_temperature',
      'printhead_detection_error',
    ]);
    // A flag the list does not name still stops the job.
    expect(parseErrorStatus('ERRORS: 1 00000000 00100000')).toEqual(['unknown_error']);
    expect(parseErrorStatus('ERRORS: 1 00000001 00000001')).toEqual(['paper_out', 'unknown_error']);
    expect(parseErrorStatus('no status here')).toBeNull();
    expect(HQES_ERROR_FLAGS.slice(0, 8).map(([mask]) => mask)).toEqual([0x1, 0x2, 0x4, 0x8, 0x10, 0x20, 0x40, 0x80]);
  });

  it('tells ~HS answers, ~HQES answers and ~RV encode results apart, however the chunks are cut', () => {
    const stream = `${HS_IDLE}_+,0_${HQES_PAPER_HEAD}_-,2_${HS_IDLE}`;
    const whole = createPrinterOutputReader()(stream);
    expect(whole.map((e) => e.type)).toEqual(['status', 'encode', 'errors', 'encode', 'status']);
    expect(whole[1]).toEqual({ type: 'encode', result: { isEncoded: true, retries: 0 } });
    expect(whole[2]).toEqual({ type: 'errors', faults: ['paper_out', 'head_open'] });
    expect(whole[3]).toEqual({ type: 'encode', result: { isEncoded: false, retries: 2 } });
    // Byte by byte: the same events.
    const read = createPrinterOutputReader();
    const events = [...stream].flatMap((char) => read(char));
    expect(events).toEqual(whole);
  });
});
