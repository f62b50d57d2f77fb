import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { hostStatus, type PrinterSimulator, parseLabel, splitLabels, startPrinterSimulator } from './printer-simulator.js';

const label = (epc: string, text: string) => `^XA^RS8^RFW,H^FD${epc}^FS^FO10,10^A0N,30,30^FD${text}^FS^XZ`;
const EPC = '30395DFA8318D84000000001';

const open = (port: number) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
const statusOf = (socket: Socket) =>
  new Promise<string>((resolve) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString('latin1');
      if (text.split('\u0003').length > 3) {
        socket.off('data', onData);
        resolve(text);
      }
    };
    socket.on('data', onData);
    socket.write('~HS');
  });

describe('printer simulator', () => {
  let simulator: PrinterSimulator | undefined;
  afterEach(async () => simulator?.close());

  it('splits a ZPL stream into labels and reads each EPC write and field', () => {
    const { labels, rest } = splitLabels(`${label(EPC, 'uno')}\n${label(EPC, 'dos')}^XA^FDhalf`);
    expect(labels).toHaveLength(2);
    expect(rest).toBe('^XA^FDhalf');
    expect(parseLabel(labels[1] as string)).toEqual({ epc: EPC, fields: ['dos'] });
    expect(parseLabel('^XA^FDno rfid^FS^XZ')).toEqual({ epc: null, fields: ['no rfid'] });
  });

  it('prints labels sent over TCP one at a time and answers ~HS with what is still in its buffer', async () => {
    simulator = await startPrinterSimulator({ printMs: 80 });
    const socket = await open(simulator.port);
    socket.write(label(EPC, 'a') + label(EPC.replace(/1$/, '2'), 'b'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const busy = await statusOf(socket);
    expect(busy).toContain('\u0002030,0,0,1218,002,');
    const labels = await simulator.waitForLabels(2);
    expect(labels.map((l) => l.epc)).toEqual([EPC, EPC.replace(/1$/, '2')]);
    expect(labels.map((l) => l.fields)).toEqual([['a'], ['b']]);
    expect(await statusOf(socket)).toBe(hostStatus({ paperOut: false, paused: false, formats: 0, labelsRemaining: 0 }));
    socket.destroy();
  });

  it('runs out of paper, pauses, refuses connections', async () => {
    simulator = await startPrinterSimulator({ printMs: 5, paperOutAfter: 1 });
    const socket = await open(simulator.port);
    socket.write(label(EPC, 'a') + label(EPC, 'b'));
    await simulator.waitForLabels(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(simulator.labels).toHaveLength(1);
    expect(await statusOf(socket)).toContain('\u0002030,1,0,1218,001,');
    simulator.setMode({ paperOutAfter: null });
    await simulator.waitForLabels(2);
    socket.destroy();
    simulator.setMode({ refuse: true });
    const refused = await open(simulator.port);
    await new Promise((resolve) => refused.once('close', resolve));
    expect(simulator.connections()).toBe(2);
  });
});
