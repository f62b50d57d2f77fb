import { describe, expect, it } from 'vitest';
import { msg } from '../../../i18n/messages.js';
import { testUser } from '../../admin/use-cases/use-case-fixtures.js';
import { captureRow, fakeEpcisRepo } from './epcis-store-fixtures.js';
import { getCaptureJob } from './get-capture-job.js';

const reason = msg('epcis.desadv_order_not_found', { code: 'NOPE-1' });

describe('get a capture job (use case)', () => {
  it('answers the job with its refused events and its duplicates apart, each with its index and eventID', async () => {
    const errors = [
      { kind: 'rejected', index: 0, eventID: 'urn:x:1', rule: 'desadv', reason },
      { kind: 'duplicate', index: 2, eventID: 'urn:x:3', reason },
      'an older job kept its error as text',
    ];
    const { repo } = fakeEpcisRepo({ capture: async () => captureRow(9, { state: 'failed', eventCount: 0, errors }) });
    const job = await getCaptureJob(repo, { user: testUser(), id: 9, language: 'en' });
    expect(job).toMatchObject({
      captureID: '9',
      createdAt: '2026-11-30T10:00:00.000Z',
      finishedAt: '2026-11-30T10:00:01.000Z',
      running: false,
      success: false,
      captureErrorBehaviour: 'rollback',
      eventCount: 0,
      errors: [
        { index: 0, eventID: 'urn:x:1', rule: 'desadv', reason: expect.stringContaining('NOPE-1') },
        'an older job kept its error as text',
      ],
      duplicates: [{ index: 2, eventID: 'urn:x:3', reason: expect.stringContaining('NOPE-1') }],
    });
  });

  it('answers a running job without finishedAt, and 404 for a job not the company’s', async () => {
    const { repo, called } = fakeEpcisRepo({
      capture: async (companyId, id) => (id === 9 ? captureRow(9, { companyId, state: 'running', finishedAt: null }) : undefined),
    });
    const job = await getCaptureJob(repo, { user: testUser(), id: 9, language: 'es' });
    expect(job).toMatchObject({ running: true, success: true });
    expect(job).not.toHaveProperty('finishedAt');
    expect(called('capture')).toEqual([[1, 9]]);
    await expect(getCaptureJob(repo, { user: testUser(), id: 10, language: 'en' })).rejects.toMatchObject({ status: 404 });
  });
});
