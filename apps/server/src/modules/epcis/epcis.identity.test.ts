import { describe, expect, it } from 'vitest';
import { canonicalDigitalLink, eventHashId, preHashString, ssccUri, timeZoneOffset } from './epcis.identity.js';

// Events and hashes from the reference implementation's tests (github.com/RalphTro/epcis-event-hash-generator,
// tests/examples/epcisDocWithSingleEvent and epcisDocWithShippingAndTransportingEvent).
const shipping = {
  type: 'ObjectEvent',
  action: 'OBSERVE',
  bizStep: 'shipping',
  disposition: 'in_transit',
  epcList: ['urn:epc:id:sgtin:0614141.107346.2017', 'urn:epc:id:sgtin:0614141.107346.2018'],
  eventTime: '2022-02-16T20:33:31.116000-06:00',
  eventTimeZoneOffset: '-06:00',
  readPoint: { id: 'urn:epc:id:sgln:0614141.07346.1234' },
  bizTransactionList: [{ type: 'po', bizTransaction: 'http://transaction.acme.com/po/12345678' }],
};

describe('EPCIS event hash ID (CBV 2.0)', () => {
  it('makes the reference pre-hash string and hash', () => {
    expect(preHashString(shipping)).toBe(
      'eventType=ObjectEventeventTime=2022-02-17T02:33:31.116ZeventTimeZoneOffset=-06:00epcListepc=https://id.gs1.org/01/10614141073464/21/2017epc=https://id.gs1.org/01/10614141073464/21/2018action=OBSERVEbizStep=https://ref.gs1.org/cbv/BizStep-shippingdisposition=https://ref.gs1.org/cbv/Disp-in_transitreadPointid=https://id.gs1.org/414/0614141073467/254/1234bizTransactionListtype=https://ref.gs1.org/cbv/BTT-pobizTransaction=http://transaction.acme.com/po/12345678',
    );
    expect(eventHashId(shipping)).toBe(
      'ni:///sha-256;ffa491b16867e34a7791a8d5389d826afc24e63a121026b6a4004ace38631b4b?ver=CBV2.0',
    );
    const transporting = {
      type: 'ObjectEvent',
      eventTime: '2022-02-16T16:50:00.000+01:00',
      eventTimeZoneOffset: '+01:00',
      epcList: ['urn:epc:id:sscc:4012345.1112223334'],
      action: 'OBSERVE',
      bizStep: 'transporting',
      readPoint: { id: 'geo:47.506694,11.104301' },
    };
    expect(eventHashId(transporting)).toBe(
      'ni:///sha-256;1d2ec4174d8f0b5988a44795b31a636e8bc7f88ebc4bdc0d35c14f215a842e80?ver=CBV2.0',
    );
  });

  it('does not depend on the order of lists nor on the EPC form', () => {
    const reordered = {
      ...shipping,
      epcList: ['https://example.com/01/10614141073464/21/2018?x=1', 'urn:epc:id:sgtin:0614141.107346.2017'],
    };
    expect(eventHashId(reordered)).toBe(eventHashId(shipping));
    expect(eventHashId({ ...shipping, disposition: 'in_progress' })).not.toBe(eventHashId(shipping));
  });

  it('converts identities and time zones', () => {
    expect(canonicalDigitalLink('urn:epc:id:sgln:4012345.00022.0')).toBe('https://id.gs1.org/414/4012345000221');
    expect(ssccUri('(00)106141411234567897')).toBe('https://id.gs1.org/00/106141411234567897');
    expect(ssccUri('106141411234567890')).toBeNull();
    expect(ssccUri('BOX-1')).toBeNull();
    expect(timeZoneOffset('Europe/Madrid', new Date('2026-07-01T12:00:00Z'))).toBe('+02:00');
    expect(timeZoneOffset('Europe/Madrid', new Date('2026-01-01T12:00:00Z'))).toBe('+01:00');
    expect(timeZoneOffset('America/Mexico_City', new Date('2026-01-01T12:00:00Z'))).toBe('-06:00');
    expect(timeZoneOffset('UTC', new Date())).toBe('+00:00');
  });
});
