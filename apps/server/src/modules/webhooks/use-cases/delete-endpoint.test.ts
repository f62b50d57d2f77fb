import { describe, expect, it } from 'vitest';
import { expectStatus, testUser } from '../../admin/use-cases/use-case-fixtures.js';
import { deleteEndpoint } from './delete-endpoint.js';
import { endpointRow, fakeRepo } from './webhook-fixtures.js';

describe('delete endpoint (use case)', () => {
  it("deletes the company's endpoint; another company's is a 404 and stays", async () => {
    const { repo, state } = fakeRepo([endpointRow(), endpointRow({ id: 2, companyId: 9 })]);
    await deleteEndpoint({ repo }, testUser(), 1);
    await expectStatus(deleteEndpoint({ repo }, testUser(), 2), 404);
    expect(state.endpoints.map((e) => e.id)).toEqual([2]);
  });
});
