// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useWedgeReads } from './wedge';

const EPC_1 = '3036029B0C3A4C0000000001';
const EPC_2 = '3036029b0c3a4c0000000002';

/** A screen that counts with the wedge, with a field and a button of its own, as the count page has. */
const Counter = ({ onEpc, onClick }: { onEpc: (epc: string) => void; onClick: () => void }) => {
  const reads = useWedgeReads({ enabled: true, onEpc });
  return (
    <div>
      <output data-testid="count">{reads.count}</output>
      <output data-testid="epcs">{reads.epcs.join(',')}</output>
      <input aria-label="note" />
      <button type="button" onClick={onClick}>
        Finish
      </button>
      <button type="button" onClick={reads.reset}>
        Reset
      </button>
    </div>
  );
};

const setUp = () => {
  const onEpc = vi.fn();
  const onClick = vi.fn();
  render(<Counter onEpc={onEpc} onClick={onClick} />);
  return { onEpc, onClick, user: userEvent.setup() };
};

/**
 * The keyboard wedge (issue 32): a handheld reader types each EPC as hex digits and Enter into whatever has the
 * keyboard; the count reads them from the document, with no field, once each, and leaves real fields alone.
 */
describe('useWedgeReads', () => {
  afterEach(cleanup);

  it('reads EPCs typed as hex and Enter, upper case, each once however often it is read', async () => {
    const { onEpc, user } = setUp();
    await user.keyboard(`${EPC_1}{Enter}${EPC_2}{Enter}${EPC_1}{Enter}${EPC_2.toUpperCase()}{Enter}`);
    expect(screen.getByTestId('count').textContent).toBe('2');
    expect(screen.getByTestId('epcs').textContent).toBe(`${EPC_1},${EPC_2.toUpperCase()}`);
    expect(onEpc.mock.calls).toEqual([[EPC_1], [EPC_2.toUpperCase()]]);
  });

  it('drops what is not an EPC: fewer than 8 digits, a non-hex key in the middle', async () => {
    const { onEpc, user } = setUp();
    await user.keyboard('30AB{Enter}3036029B0C3AXC0000000003{Enter}');
    expect(screen.getByTestId('count').textContent).toBe('0');
    expect(onEpc).not.toHaveBeenCalled();
  });

  it("leaves the keys typed into a field to the field, and the wedge's Enter does not press the focused button", async () => {
    const { onEpc, onClick, user } = setUp();
    await user.click(screen.getByLabelText('note'));
    await user.keyboard(`${EPC_1}{Enter}`);
    expect(screen.getByLabelText<HTMLInputElement>('note').value).toBe(EPC_1);
    expect(onEpc).not.toHaveBeenCalled();

    screen.getByRole('button', { name: 'Finish' }).focus();
    await user.keyboard(`${EPC_2}{Enter}`);
    expect(onEpc.mock.calls).toEqual([[EPC_2.toUpperCase()]]);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('counts again from nothing after reset', async () => {
    const { onEpc, user } = setUp();
    await user.keyboard(`${EPC_1}{Enter}`);
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await user.keyboard(`${EPC_1}{Enter}`);
    expect(screen.getByTestId('count').textContent).toBe('1');
    expect(onEpc).toHaveBeenCalledTimes(2);
  });
});
