// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyCreate } from './empty-create';

const texts = { to: '/online/order/add', label: 'Nueva orden', createText: 'Cree una.', emptyText: 'No hay órdenes.' };

describe('emptyCreate', () => {
  afterEach(cleanup);

  it('a role that may create: how to, and the button to the new order page', () => {
    const empty = emptyCreate({ canCreate: true, ...texts });
    expect(empty.emptyText).toBe('Cree una.');
    render(<MemoryRouter>{empty.emptyAction}</MemoryRouter>);
    const button = screen.getByRole('link', { name: 'Nueva orden' });
    expect(button.getAttribute('href')).toBe('/online/order/add');
  });

  it('a role that may not: only that there is none, no button', () => {
    const empty = emptyCreate({ canCreate: false, ...texts });
    expect(empty.emptyText).toBe('No hay órdenes.');
    expect(empty.emptyAction).toBeUndefined();
  });
});
