import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

/** The handheld's refused entry reads each of `texts`; its Dismiss button (clicked by `user`) takes the list away. */
export const dismissRefusedEntry = async (user: Pick<UserEvent, 'click'>, texts: string[]): Promise<void> => {
  const refused = await screen.findByTestId('handheld-refused-entry');
  for (const text of texts) expect(refused.textContent).toContain(text);
  await user.click(within(refused).getByRole('button', { name: 'Dismiss' }));
  await waitFor(() => expect(screen.queryByTestId('handheld-refused')).toBeNull());
};
