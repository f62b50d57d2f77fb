/**
 * The insert of an in-memory fake repository: it notes what was inserted (`inserted`), gives it the next id after
 * `lastId` (lastId + 1, + 2 …) and keeps the row `toRow` makes of it in `rows`; it answers the id.
 */
export const fakeInsert =
  <V, R>(inserted: V[], rows: R[], lastId: number, toRow: (value: V, id: number) => R) =>
  async (value: V): Promise<number> => {
    inserted.push(value);
    const id = lastId + inserted.length;
    rows.push(toRow(value, id));
    return id;
  };
