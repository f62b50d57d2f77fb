// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { type Resolver, type ResolverResult, useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { apiPage, cleanAfterEach, FIRST_LOAD, fakeApi, renderApp } from '../../../test/render-app';
import { AreaSelectField, type Option } from './selects';

/**
 * The area field of the printer and reader forms in a small form of its own: the form's area id is required; the
 * error shows after a submit and goes once an area is chosen (es); the chosen area's id is what the form submits (en).
 */
type AreaForm = { location_area: number };

const requireArea: Resolver<AreaForm> = async (values): Promise<ResolverResult<AreaForm>> =>
  values.location_area > 0
    ? { values, errors: {} }
    : { values: {}, errors: { location_area: { type: 'required', message: "Area can't be empty" } } };

const AreaForm = ({ onValid }: { onValid: (values: AreaForm) => void }) => {
  const form = useForm<AreaForm>({ resolver: requireArea, defaultValues: { location_area: 0 } });
  const [area, setArea] = useState<Option | null>(null);
  return (
    <form onSubmit={(event) => void form.handleSubmit(onValid)(event)}>
      <AreaSelectField control={form.control} name="location_area" label="Area" area={area} onAreaChange={setArea} />
      <button type="submit" data-testid="submit">
        Save
      </button>
    </form>
  );
};

const serve = () =>
  fakeApi({
    'GET /api/areas/': () => apiPage([{ id: 11, description: 'Trastienda', location_description: 'T-MAD-01' }]),
  });

const chooseBackroom = async () => {
  await userEvent.type(screen.getByTestId('field-area'), 'Tras');
  await userEvent.click(await screen.findByText('Trastienda · T-MAD-01', {}, FIRST_LOAD));
};

describe('AreaSelectField', () => {
  cleanAfterEach();

  it('es: the missing area is reported after a submit and no longer once an area is chosen', async () => {
    serve();
    const onValid = vi.fn();
    await renderApp(<AreaForm onValid={onValid} />, { language: 'es', role: 1, namespaces: ['admin'] });
    await userEvent.click(screen.getByTestId('submit'));
    expect(await screen.findByText('La zona no puede estar vacía')).toBeTruthy();
    await chooseBackroom();
    await waitFor(() => expect(screen.queryByText('La zona no puede estar vacía')).toBeNull());
    expect(onValid).not.toHaveBeenCalled();
  });

  it('en: submits the chosen area id, shown by its name and location', async () => {
    serve();
    const onValid = vi.fn();
    await renderApp(<AreaForm onValid={onValid} />, { language: 'en', role: 1, namespaces: ['admin'] });
    await chooseBackroom();
    expect((screen.getByTestId('field-area') as HTMLInputElement).value).toBe('Trastienda · T-MAD-01');
    await userEvent.click(screen.getByTestId('submit'));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]?.[0]).toEqual({ location_area: 11 });
  });
});
