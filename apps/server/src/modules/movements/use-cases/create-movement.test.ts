import { describe, expect, it } from 'vitest';
import { testUser } from '../../admin/use-cases/use-case-fixtures.js';
import { createMovement } from './create-movement.js';
import { fakeMovementsRepo } from './movement-fixtures.js';

const user = testUser();
const body = { order_code: 'MOV-5', origin_id: 2, destination_id: 3 };

describe('create a movement (use case)', () => {
  it('inserts a movement of the company from the origin to the destination, unchecked on both sides, and answers its exit side', async () => {
    const { repo, called } = fakeMovementsRepo();
    const answer = await createMovement(repo, { user, body });
    expect(called('insertOrder')).toEqual([
      [
        expect.objectContaining({
          companyId: 1,
          type: 'movement',
          orderCode: 'MOV-5',
          originLocationId: 2,
          destinationLocationId: 3,
          originStatus: 0,
          destinationStatus: 0,
          container: '',
        }),
      ],
    ]);
    expect(answer).toMatchObject({ id: 5, type: 'movement', order_code: 'MOV-5', origin: 2, destination: 3, num_boxes: 3 });
  });

  it('refuses a destination the user does not see as a 400 on destination_id, inserting nothing', async () => {
    const { repo, called } = fakeMovementsRepo();
    await expect(createMovement(repo, { user, body: { ...body, destination_id: 9 } })).rejects.toMatchObject({
      status: 400,
      errors: { destination_id: ['location.not_found'] },
    });
    expect(called('insertOrder')).toEqual([]);
  });

  it('refuses the origin as destination (400 on destination_id) and an origin the user does not see (404)', async () => {
    const { repo, called } = fakeMovementsRepo();
    await expect(createMovement(repo, { user, body: { ...body, destination_id: 2 } })).rejects.toMatchObject({
      status: 400,
      errors: { destination_id: ['movements.destination_same'] },
    });
    await expect(createMovement(repo, { user, body: { ...body, origin_id: 9 } })).rejects.toMatchObject({ status: 404 });
    expect(called('insertOrder')).toEqual([]);
  });
});
