import { describe, expect, it } from 'vitest';
import { parseSimpleEventQuery, QueryParameterError, urnCandidates } from './epcis.query.js';

describe('SimpleEventQuery parameters (section 8.2.7.1)', () => {
  it('reads lists (pipe-delimited or arrays), times with their offset, and CBV values in every form', () => {
    const q = parseSimpleEventQuery({
      eventType: 'ObjectEvent|AggregationEvent',
      GE_eventTime: '2020-01-14T00:00:00+01:00',
      EQ_bizStep: ['receiving'],
    });
    expect(q.criteria).toEqual([
      { kind: 'column', column: 'eventType', values: ['ObjectEvent', 'AggregationEvent'] },
      { kind: 'time', column: 'eventTime', cmp: 'ge', at: new Date('2020-01-13T23:00:00Z') },
      {
        kind: 'column',
        column: 'bizStep',
        values: ['receiving', 'https://ref.gs1.org/cbv/BizStep-receiving', 'urn:epcglobal:cbv:bizstep:receiving'],
      },
    ]);
    expect(q).toMatchObject({ orderBy: null, orderDirection: 'DESC', eventCountLimit: null, maxEventCount: null });
  });

  it('reads an unencoded + of an offset that form encoding turned into a space', () => {
    const q = parseSimpleEventQuery({ LT_recordTime: '2020-01-14T00:00:00 01:00' });
    expect(q.criteria).toEqual([{ kind: 'time', column: 'recordTime', cmp: 'lt', at: new Date('2020-01-13T23:00:00Z') }]);
  });

  it('turns EPC patterns into anchored expressions; an SGTIN pattern of classes takes LGTINs', () => {
    const [epc] = parseSimpleEventQuery({ MATCH_epc: 'urn:epc:idpat:sgtin:0614141.*.*' }).criteria;
    expect(epc).toMatchObject({ kind: 'epc', fields: ['epcList', 'childEPCs'], values: [] });
    const pattern = new RegExp((epc as { patterns: string[] }).patterns[0] as string);
    expect(pattern.test('urn:epc:id:sgtin:0614141.107346.2017')).toBe(true);
    expect(pattern.test('urn:epc:id:sgtin:0614142.107346.2017')).toBe(false);
    const [cls] = parseSimpleEventQuery({ MATCH_epcClass: 'urn:epc:idpat:sgtin:4012345.012345.*' }).criteria;
    const classes = new RegExp((cls as { patterns: string[] }).patterns[0] as string);
    expect(classes.test('urn:epc:class:lgtin:4012345.012345.998877')).toBe(true);
    expect(classes.test('urn:epc:class:lgtin:4012345.012346.998877')).toBe(false);
  });

  it('names the extension fields by scope, and compares numbers, times and texts', () => {
    expect(parseSimpleEventQuery({ 'GT_rail:trainAxleCount': '10' }).criteria).toEqual([
      {
        kind: 'field',
        scope: 'event',
        inner: false,
        name: 'rail:trainAxleCount',
        cmp: 'gt',
        operand: { kind: 'number', value: 10 },
      },
    ]);
    expect(parseSimpleEventQuery({ 'EQ_INNER_ILMD_example:batch': 'XYZ|ABC' }).criteria).toEqual([
      {
        kind: 'field',
        scope: 'ilmd',
        inner: true,
        name: 'example:batch',
        cmp: 'eq',
        operand: { kind: 'text', values: ['XYZ', 'ABC'] },
      },
    ]);
    expect(parseSimpleEventQuery({ 'EXISTS_ERROR_DECLARATION_example:x': '' }).criteria).toEqual([
      { kind: 'field', scope: 'errorDeclaration', inner: false, name: 'example:x', cmp: 'exists', operand: null },
    ]);
    expect(parseSimpleEventQuery({ GE_value_CEL: '26.2' }).criteria).toEqual([
      { kind: 'sensorValue', field: 'value', cmp: 'ge', values: [26.2], uom: 'CEL' },
    ]);
  });

  it.each([
    [{ CarrotParameter: '1' }, 'CarrotParameter'],
    [{ eventType: 'CarrotEvent' }, 'eventType'],
    [{ GE_eventTime: '2020-01-14' }, 'GE_eventTime'],
    [{ GE_eventTime: '2020-01-14T00:00:00Z|2020-01-15T00:00:00Z' }, 'GE_eventTime'],
    [{ EQ_quantity: '1|two' }, 'EQ_quantity'],
    [{ orderDirection: 'up' }, 'orderDirection'],
    [{ orderBy: 'quantity' }, 'orderBy'],
    [{ eventCountLimit: '3' }, 'eventCountLimit'],
    [{ orderBy: 'eventTime', eventCountLimit: '3', maxEventCount: '3' }, 'eventCountLimit'],
    [{ maxEventCount: '-1' }, 'maxEventCount'],
    [{ EQ_bizLocation: 'no uri' }, 'EQ_bizLocation'],
    [{ MATCH_anyEPC: 'urn:epc:idpat:nonsense' }, 'MATCH_anyEPC'],
    [{ EQ_bizStep: '|' }, 'EQ_bizStep'],
  ])('refuses %o naming %s', (raw, parameter) => {
    let error: unknown;
    try {
      parseSimpleEventQuery(raw);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(QueryParameterError);
    expect((error as QueryParameterError).parameter).toBe(parameter);
  });

  it('takes paging parameters as no criteria', () => {
    expect(parseSimpleEventQuery({ perPage: '5', nextPageToken: 'abc' }).criteria).toEqual([]);
  });

  it('gives a Digital Link the URNs it may stand for, one per Company Prefix length', () => {
    const urns = urnCandidates('https://id.gs1.org/01/10614141073464/21/2017');
    expect(urns).toHaveLength(7);
    expect(urns).toContain('urn:epc:id:sgtin:0614141.107346.2017');
    expect(urnCandidates('https://id.gs1.org/414/0614141073467/254/1234')).toContain('urn:epc:id:sgln:0614141.07346.1234');
    expect(urnCandidates('https://id.gs1.org/00/106141412345678908')).toContain('urn:epc:id:sscc:0614141.1234567890');
    expect(urnCandidates('urn:epc:id:giai:4000001.111')).toEqual([]);
  });
});
