// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { atTestStore, FIRST_LOAD, renderApp } from '../../test/render-app';
import { SupportPage } from './support-page';

/**
 * The support page (spec section 2) against a fake POST /ticket/: the fields it refuses say why in the user's language
 * and nothing is sent; a ticket goes as multipart with the signed-in user's email, the current location and the
 * screenshot, then the page says so and empties the topic.
 */
type Sent = { path: string; fields: Record<string, string>; image: string | null };

/** The fake API: records each multipart POST (its text fields and the screenshot's name) and answers 201. */
const fakeTickets = () => {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (input: string | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    if (init?.method === 'POST' && init.body instanceof FormData) {
      const fields: Record<string, string> = {};
      let image: string | null = null;
      for (const [key, value] of init.body.entries()) {
        if (typeof value === 'string') fields[key] = value;
        else image = value.name;
      }
      sent.push({ path: url.pathname, fields, image });
      return new Response(JSON.stringify({ id: 5 }), { status: 201, headers: { 'Content-Type': 'application/json' } });
    }
    return new Response(JSON.stringify({ message: 'Not found' }), {
      status: 404,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return sent;
};

describe('SupportPage', () => {
  atTestStore();

  it('es: no email, a two-letter topic and no description are refused with their reasons; nothing is sent', async () => {
    const sent = fakeTickets();
    await renderApp(<SupportPage />, { language: 'es', role: 4, namespaces: ['support'] });
    const email = (await screen.findByTestId('support-email', {}, FIRST_LOAD)) as HTMLInputElement;
    await waitFor(() => expect(email.value).toBe('user@example.com'));
    await userEvent.clear(email);
    await userEvent.type(screen.getByTestId('support-topic'), 'ab');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Indique un correo de contacto')).toBeTruthy();
    expect(screen.getByText('El asunto debe tener de 3 a 120 caracteres')).toBeTruthy();
    expect(screen.getByText('Describa el problema')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('en: a text file is refused as screenshot; with a PNG the ticket is sent as multipart and the topic emptied', async () => {
    const sent = fakeTickets();
    await renderApp(<SupportPage />, { language: 'en', role: 4, namespaces: ['support'] });
    const email = (await screen.findByTestId('support-email', {}, FIRST_LOAD)) as HTMLInputElement;
    await waitFor(() => expect(email.value).toBe('user@example.com'));
    // Pasted: one input event each (key by key is slow on a loaded machine).
    await userEvent.click(screen.getByTestId('support-topic'));
    await userEvent.paste('  Reader offline ');
    await userEvent.click(screen.getByTestId('support-description'));
    await userEvent.paste('The dock reader stopped at 9:00.');
    const upload = screen.getByTestId('support-screenshot');
    await userEvent.upload(upload, new File(['hello'], 'notes.txt', { type: 'text/plain' }), { applyAccept: false });
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('The screenshot must be a PNG, JPEG, GIF or WebP image')).toBeTruthy();
    expect(sent).toEqual([]);

    await userEvent.upload(upload, new File([new Uint8Array([137, 80, 78, 71])], 'dock.png', { type: 'image/png' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Support ticket created')).toBeTruthy();
    expect(sent).toEqual([
      {
        path: '/api/ticket/',
        fields: {
          email: 'user@example.com',
          topic: 'Reader offline',
          description: 'The dock reader stopped at 9:00.',
          location_id: '3',
        },
        image: 'dock.png',
      },
    ]);
    expect((screen.getByTestId('support-topic') as HTMLInputElement).value).toBe('');
  });
});
