// @vitest-environment jsdom
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/render-app';
import { Spinner } from './spinner';

describe('Spinner', () => {
  it('is a progress bar with an accessible name in the language shown', async () => {
    await renderApp(<Spinner />, { language: 'es', role: 1, namespaces: [] });
    expect(screen.getByRole('progressbar', { name: 'Cargando…' })).toBeTruthy();
  });

  it('is the only place the app uses MUI CircularProgress (axe: every progress bar needs a name)', () => {
    const source = path.resolve(import.meta.dirname, '..');
    const files = readdirSync(source, { recursive: true, encoding: 'utf8' }).filter(
      (file) => /\.tsx?$/.test(file) && !file.endsWith('.test.tsx') && !file.endsWith(`components${path.sep}spinner.tsx`),
    );
    const offenders = files.filter((file) => /<CircularProgress\b/.test(readFileSync(path.join(source, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
