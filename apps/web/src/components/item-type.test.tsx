// @vitest-environment jsdom
import type { ItemType } from '@rfid/contract';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { anItemType } from '../test/fixtures';
import { renderApp } from '../test/render-app';
import { ItemDescriptionCell, ItemTypeOption, itemTypeVariant } from './item-type';

/** Issue 28: a GTIN reads with what tells it from its model's other GTINs (size, colour, picture). */
const shirt = (overrides: Partial<ItemType>): ItemType =>
  anItemType({
    description: 'Camisa de cuadros azul marino',
    price: '29.95',
    sizes: [{ country: 'ES', value: 'M' }],
    colour: 'Azul marino',
    model: 'de cuadros',
    ...overrides,
  });

describe('ItemTypeOption', () => {
  afterEach(cleanup);

  it('es: two sizes of one shirt read apart: description, GTIN, size and colour, a placeholder picture named', async () => {
    await renderApp(
      <>
        <ItemTypeOption item={itemTypeVariant(shirt({}))} />
        <ItemTypeOption item={itemTypeVariant(shirt({ id: 2, gtin: '08437012101011', size_primary: 'L', sizes: [] }))} />
      </>,
      { language: 'es', role: 3, namespaces: [] },
    );
    const options = screen.getAllByTestId('item-type-option').map((option) => option.textContent);
    expect(options).toEqual([
      'Camisa de cuadros azul marino08437012101004 · Talla M · Azul marino',
      'Camisa de cuadros azul marino08437012101011 · Talla L · Azul marino',
    ]);
    expect(screen.getAllByRole('img', { name: 'Sin imagen de Camisa de cuadros azul marino' })).toHaveLength(2);
  });

  it('en: the catalogue picture when there is one, the placeholder when it fails to load; "--" is one size', async () => {
    await renderApp(
      <ItemTypeOption item={itemTypeVariant(shirt({ external_image: 'https://img.example/1.jpg', size_primary: '--' }))} />,
      { language: 'en', role: 3, namespaces: [] },
    );
    expect(screen.getByTestId('item-type-variant').textContent).toBe('One size · Azul marino');
    const picture = screen.getByRole('img', { name: 'Camisa de cuadros azul marino' });
    expect(picture.getAttribute('src')).toBe('https://img.example/1.jpg');
    fireEvent.error(picture);
    expect(screen.getByRole('img', { name: 'No picture of Camisa de cuadros azul marino' })).toBeTruthy();
  });
});

describe('ItemDescriptionCell', () => {
  afterEach(cleanup);

  it('es: the description with size and colour under it; only what is set', async () => {
    await renderApp(
      <>
        <ItemDescriptionCell description="Camiseta básica blanca" size="S" colour="Blanco" />
        <ItemDescriptionCell description="Bolso" size="" colour="Negro" />
        <ItemDescriptionCell description={null} size={null} colour={null} />
      </>,
      { language: 'es', role: 3, namespaces: [] },
    );
    expect(screen.getAllByTestId('item-description').map((cell) => cell.textContent)).toEqual([
      'Camiseta básica blancaTalla S · Blanco',
      'BolsoNegro',
      '—',
    ]);
  });
});
