import { ItemState, PosWarning } from '@rfid/contract';
import { describe, expect, it } from 'vitest';
import { posLine } from './pos.rules.js';

const item = (stateBefore: number, gtin: string | null = '08400000000017') => ({
  itemId: 1,
  epc: 'E',
  itemTypeId: gtin ? 1 : null,
  gtin,
  stateBefore,
});

describe('POS rules', () => {
  it('a sale counts an item once: SOLD already → quantity 0, warning, not moved', () => {
    expect(posLine('sale', item(ItemState.Stocked))).toMatchObject({ quantity: 1, warning: null, move: true });
    expect(posLine('sale', item(ItemState.Unknown))).toMatchObject({ quantity: 1, move: true });
    expect(posLine('sale', item(ItemState.Sold))).toMatchObject({ quantity: 0, warning: PosWarning.AlreadySold, move: false });
  });
  it('a return stocks a sold item; an item in stock already is flagged, not stocked twice', () => {
    expect(posLine('return', item(ItemState.Sold))).toMatchObject({ quantity: 1, warning: null, move: true });
    expect(posLine('return', item(ItemState.Stocked))).toMatchObject({ quantity: 0, warning: PosWarning.NotSold, move: false });
  });
  it('a tag that is not a GS1 EPC is listed with quantity 0 and never moved', () => {
    expect(posLine('sale', item(ItemState.Unknown, null))).toMatchObject({
      quantity: 0,
      warning: PosWarning.UnknownEpc,
      move: false,
    });
    expect(posLine('return', item(ItemState.Sold, null))).toMatchObject({ quantity: 0, move: false });
  });
});
