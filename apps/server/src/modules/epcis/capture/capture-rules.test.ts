import { describe, expect, it } from 'vitest';
import { ruleViolations } from './capture-rules.js';

type Json = Record<string, unknown>;
const at = '2026-11-29T10:00:00.000+01:00';
const object = (extra: Json): Json => ({
  type: 'ObjectEvent',
  eventTime: at,
  eventTimeZoneOffset: '+01:00',
  epcList: ['urn:epc:id:sgtin:4012345.011111.1'],
  action: 'OBSERVE',
  ...extra,
});
const sensor = (metadata: Json, ...reports: Json[]) =>
  object({ sensorElementList: [{ sensorMetadata: metadata, sensorReport: reports.length ? reports : [] }] });
const rules = (event: Json) => ruleViolations(event).map((v) => v.rule);

describe("the standard's capture rules", () => {
  it('accepts an event that keeps them', () => {
    expect(rules(sensor({ time: '2026-11-29T08:59:00Z' }, { type: 'Temperature', value: 4, uom: 'CEL' }))).toEqual([]);
    expect(
      rules(object({ quantityList: [{ epcClass: 'urn:epc:class:lgtin:4012345.011111.L1', quantity: 2.5, uom: 'KGM' }] })),
    ).toEqual([]);
  });

  it('M121: a sensorElement without sensorReport', () => {
    expect(rules(sensor({ time: '2026-11-29T08:00:00Z' }))).toEqual(['M121']);
  });

  it("M122: a sensor time after the event's eventTime, or without time zone", () => {
    // eventTime is 09:00 UTC: 09:00:01 UTC is after it, in the metadata or in a report.
    expect(rules(sensor({ time: '2026-11-29T09:00:01Z' }, { type: 'Temperature', value: 4, uom: 'CEL' }))).toEqual(['M122']);
    expect(rules(sensor({}, { type: 'Temperature', value: 4, uom: 'CEL', time: '2026-11-29T10:00:01+01:00' }))).toEqual(['M122']);
    expect(rules(sensor({}, { type: 'Temperature', value: 4, uom: 'CEL', time: '2026-11-29T09:00:00Z' }))).toEqual([]);
    expect(rules(sensor({ time: '2026-11-29T08:00:00' }, { type: 'Temperature', value: 4, uom: 'CEL' }))).toEqual(['M122']);
  });

  it('sensor-interval: startTime after endTime, or either after eventTime', () => {
    const report = { type: 'Temperature', value: 4, uom: 'CEL' };
    expect(rules(sensor({ startTime: '2026-11-29T08:00:00Z', endTime: '2026-11-29T07:00:00Z' }, report))).toEqual([
      'sensor-interval',
    ]);
    expect(rules(sensor({ startTime: '2026-11-29T08:00:00Z', endTime: '2026-11-29T09:30:00Z' }, report))).toEqual([
      'sensor-interval',
    ]);
  });

  it('sensor-inline: an attribute in both the sensorMetadata and a sensorReport (TCR-53 set 3)', () => {
    expect(rules(sensor({ deviceID: 'urn:x:1' }, { type: 'Temperature', value: 4, uom: 'CEL', deviceID: 'urn:x:2' }))).toEqual([
      'sensor-inline',
    ]);
  });

  it('error-declaration: declared before the event, or without time zone', () => {
    expect(rules(object({ errorDeclaration: { declarationTime: '2026-11-29T08:00:00Z', reason: 'incorrect_data' } }))).toEqual([
      'error-declaration',
    ]);
    expect(rules(object({ errorDeclaration: { declarationTime: '2026-11-29T12:00:00' } }))).toEqual(['error-declaration']);
    expect(rules(object({ errorDeclaration: { declarationTime: '2026-11-29T12:00:00Z' } }))).toEqual([]);
  });

  it('quantity-uom: a uom without quantity, a count that is not whole', () => {
    const epcClass = 'urn:epc:class:lgtin:4012345.011111.L1';
    expect(rules(object({ quantityList: [{ epcClass, uom: 'KGM' }] }))).toEqual(['quantity-uom']);
    expect(rules(object({ quantityList: [{ epcClass, quantity: 2.5 }] }))).toEqual(['quantity-uom']);
    expect(rules(object({ quantityList: [{ epcClass, quantity: 3 }] }))).toEqual([]);
  });

  it('persistent-disposition: set and unset at once', () => {
    expect(rules(object({ persistentDisposition: { set: ['recalled'], unset: ['recalled'] } }))).toEqual([
      'persistent-disposition',
    ]);
    expect(rules(object({ persistentDisposition: { set: ['recalled'], unset: ['available'] } }))).toEqual([]);
  });

  it('aggregation-parent: an ADD or DELETE without parentID', () => {
    const aggregation = { type: 'AggregationEvent', eventTime: at, eventTimeZoneOffset: '+01:00', childEPCs: ['urn:x:c'] };
    expect(rules({ ...aggregation, action: 'ADD' })).toEqual(['aggregation-parent']);
    expect(rules({ ...aggregation, action: 'OBSERVE' })).toEqual([]);
    expect(rules({ ...aggregation, action: 'DELETE', parentID: 'urn:epc:id:sscc:4012345.0000000001' })).toEqual([]);
  });

  it('transformation-io: no input or no output without a transformationID', () => {
    const transformation = { type: 'TransformationEvent', eventTime: at, eventTimeZoneOffset: '+01:00' };
    expect(rules({ ...transformation, inputEPCList: ['urn:x:a'] })).toEqual(['transformation-io']);
    expect(rules({ ...transformation, inputEPCList: ['urn:x:a'], outputEPCList: ['urn:x:b'] })).toEqual([]);
    expect(rules({ ...transformation, transformationID: 'urn:x:t', inputEPCList: ['urn:x:a'] })).toEqual([]);
  });
});
