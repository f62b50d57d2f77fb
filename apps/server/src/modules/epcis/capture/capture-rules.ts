import { type Message, msg } from '../../../i18n/messages.js';

/**
 * The EPCIS 2.0 standard's rules a captured event must keep beyond its JSON Schema, in one place. Each rule has the
 * id GS1's conformance matrix gives it where it has one (github.com/gs1/EPCIS, "Conformance Requirements",
 * MandatoryRequirementsMatrix: M121, M122) or names the standard's section:
 *
 * - M121 (7.3.5.5): a sensorElement contains one or more sensorReports.
 * - M122 (7.3.5.5.1): a sensor's `time` (sensorMetadata or sensorReport) is at or before the eventTime, with a time
 *   zone offset.
 * - sensor-interval (7.3.5.5.1): a sensorMetadata's startTime is at or before its endTime, both at or before eventTime.
 * - sensor-inline (7.3.5.5, TCR-53 set 3): time, deviceID, deviceMetadata, rawData and dataProcessingMethod are given
 *   in the sensorMetadata or in its sensorReports, not in both.
 * - error-declaration (7.4.1.4): an errorDeclaration's declarationTime is at or after the eventTime, with a time zone
 *   offset.
 * - quantity-uom (7.3.3.3): a quantityElement with a uom has a quantity; one without a uom counts (an integer).
 * - persistent-disposition (7.3.3.5): a disposition is not both set and unset.
 * - aggregation-parent (7.4.3): an AggregationEvent that ADDs or DELETEs names its parentID.
 * - transformation-io (7.4.5): a TransformationEvent without transformationID has at least one input and one output.
 */

type Json = Record<string, unknown>;
export type RuleViolation = { rule: string; message: Message };

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const objects = (v: unknown): Json[] => (Array.isArray(v) ? v.filter(isObject) : []);
const OFFSET = /(Z|[+-]\d{2}:\d{2})$/i;
const instant = (v: unknown): number | null => {
  if (typeof v !== 'string') return null;
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : at;
};
const INLINE = ['time', 'deviceID', 'deviceMetadata', 'rawData', 'dataProcessingMethod'] as const;
const QUANTITY_LISTS = ['quantityList', 'childQuantityList', 'inputQuantityList', 'outputQuantityList'] as const;

/** Every rule the event breaks (none: the event may be stored). */
export const ruleViolations = (event: Json): RuleViolation[] => {
  const out: RuleViolation[] = [];
  const eventTime = instant(event.eventTime);

  for (const [i, element] of objects(event.sensorElementList).entries()) {
    const where = `sensorElementList.${i}`;
    const metadata = isObject(element.sensorMetadata) ? element.sensorMetadata : {};
    const reports = objects(element.sensorReport);
    if (!reports.length) out.push({ rule: 'M121', message: msg('epcis.rule_sensor_report_missing', { field: where }) });
    const times: [string, unknown][] = [
      [`${where}.sensorMetadata.time`, metadata.time],
      ...reports.map((r, j): [string, unknown] => [`${where}.sensorReport.${j}.time`, r.time]),
    ];
    for (const [field, time] of times) {
      if (time === undefined) continue;
      const at = instant(time);
      if (at === null || !OFFSET.test(String(time))) out.push({ rule: 'M122', message: msg('epcis.rule_time_zone', { field }) });
      else if (eventTime !== null && at > eventTime)
        out.push({ rule: 'M122', message: msg('epcis.rule_sensor_time_after_event', { field }) });
    }
    const start = instant(metadata.startTime);
    const end = instant(metadata.endTime);
    if (start !== null && end !== null && start > end)
      out.push({ rule: 'sensor-interval', message: msg('epcis.rule_start_after_end', { field: `${where}.sensorMetadata` }) });
    for (const [name, at] of [
      ['startTime', start],
      ['endTime', end],
    ] as const) {
      if (at !== null && eventTime !== null && at > eventTime)
        out.push({
          rule: 'sensor-interval',
          message: msg('epcis.rule_sensor_time_after_event', { field: `${where}.sensorMetadata.${name}` }),
        });
    }
    for (const name of INLINE) {
      if (metadata[name] === undefined) continue;
      const j = reports.findIndex((r) => r[name] !== undefined);
      if (j >= 0)
        out.push({
          rule: 'sensor-inline',
          message: msg('epcis.rule_sensor_inline_twice', { field: `${where}.sensorReport.${j}.${name}` }),
        });
    }
  }

  if (isObject(event.errorDeclaration)) {
    const declared = event.errorDeclaration.declarationTime;
    const at = instant(declared);
    const field = 'errorDeclaration.declarationTime';
    if (at === null || !OFFSET.test(String(declared)))
      out.push({ rule: 'error-declaration', message: msg('epcis.rule_time_zone', { field }) });
    else if (eventTime !== null && at < eventTime)
      out.push({ rule: 'error-declaration', message: msg('epcis.rule_declaration_before_event', { field }) });
  }

  for (const list of QUANTITY_LISTS) {
    for (const [i, q] of objects(event[list]).entries()) {
      const field = `${list}.${i}`;
      if (q.uom !== undefined && q.quantity === undefined)
        out.push({ rule: 'quantity-uom', message: msg('epcis.rule_uom_without_quantity', { field }) });
      if (q.uom === undefined && q.quantity !== undefined && !(Number.isInteger(q.quantity) && Number(q.quantity) >= 0))
        out.push({ rule: 'quantity-uom', message: msg('epcis.rule_count_not_integer', { field }) });
    }
  }

  if (isObject(event.persistentDisposition)) {
    const set = new Set(Array.isArray(event.persistentDisposition.set) ? event.persistentDisposition.set : []);
    const both = (Array.isArray(event.persistentDisposition.unset) ? event.persistentDisposition.unset : []).filter((d) =>
      set.has(d),
    );
    for (const d of both)
      out.push({ rule: 'persistent-disposition', message: msg('epcis.rule_disposition_set_and_unset', { value: String(d) }) });
  }

  if (event.type === 'AggregationEvent' && (event.action === 'ADD' || event.action === 'DELETE') && !event.parentID)
    out.push({ rule: 'aggregation-parent', message: msg('epcis.rule_parent_required', { action: String(event.action) }) });

  if (event.type === 'TransformationEvent' && event.transformationID === undefined) {
    const has = (...keys: string[]) => keys.some((k) => Array.isArray(event[k]) && (event[k] as unknown[]).length > 0);
    if (!has('inputEPCList', 'inputQuantityList') || !has('outputEPCList', 'outputQuantityList'))
      out.push({ rule: 'transformation-io', message: msg('epcis.rule_transformation_io') });
  }
  return out;
};
