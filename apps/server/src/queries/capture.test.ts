import { describe, expect, it } from 'vitest';
import { rankedMonthPartitions } from './capture.js';

describe('rankedMonthPartitions', () => {
  it("names each table's month partitions by their rank in the statement, every occurrence alike", () => {
    const statement =
      `select 'public.traces_p202612'::text as name, count(*) from "public"."traces_p202612" union all ` +
      `select 'public.traces_p202611'::text, count(*) from "public"."traces_p202611" union all ` +
      `select 'public.epcis_events_p202701'::text, count(*) from "public"."epcis_events_p202701" union all ` +
      `select 'public.traces_default'::text, count(*) from "public"."traces_default"`;
    expect(rankedMonthPartitions(statement)).toBe(
      `select 'public.traces_p{2}'::text as name, count(*) from "public"."traces_p{2}" union all ` +
        `select 'public.traces_p{1}'::text, count(*) from "public"."traces_p{1}" union all ` +
        `select 'public.epcis_events_p{1}'::text, count(*) from "public"."epcis_events_p{1}" union all ` +
        `select 'public.traces_default'::text, count(*) from "public"."traces_default"`,
    );
  });

  it('leaves a statement without month partitions as it is', () => {
    expect(rankedMonthPartitions('select * from "traces" where "id" = $1')).toBe('select * from "traces" where "id" = $1');
  });
});
