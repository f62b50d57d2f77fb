import { useCallback, useEffect, useRef, useState } from 'react';

/** An EPC as a reader's keyboard wedge types it: 8 to 128 hexadecimal digits (SGTIN-96 is 24), then Enter. */
const EPC_DIGITS = { min: 8, max: 128 };
const HEX_KEY = /^[0-9a-fA-F]$/;
/**
 * Keys further apart than this start a new EPC: a wedge types a whole EPC in a few milliseconds (DataWedge's
 * keystroke output, Chainway's keyboard emulator), a stray key pressed by hand long before an Enter is dropped.
 */
const MAX_KEY_GAP_MS = 2_000;

/** Whether the key went to a field of the page (a search box, a quantity): the wedge then leaves it alone. */
const isTypingTarget = (target: EventTarget | null): boolean => {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) {
    return !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file'].includes(target.type);
  }
  return false;
};

/**
 * Reads the EPCs a handheld's keyboard wedge types into the page (issue 32): hexadecimal digits ended by Enter, with
 * no field to type into. Listens to the document's keys while `enabled`; keys typed into a real field (an input with
 * focus) are the field's. Each EPC is made upper case and reported once (`onEpc` is called for new EPCs only);
 * `reset` forgets the EPCs read so far (a new count).
 */
export const useWedgeReads = ({ enabled, onEpc }: { enabled: boolean; onEpc?: (epc: string) => void }) => {
  const [epcs, setEpcs] = useState<string[]>([]);
  const seen = useRef(new Set<string>());
  const buffer = useRef({ digits: '', at: 0, isBroken: false });
  const onEpcRef = useRef(onEpc);
  useEffect(() => {
    onEpcRef.current = onEpc;
  });

  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.altKey || event.metaKey || isTypingTarget(event.target)) return;
      const now = event.timeStamp;
      const held = buffer.current;
      if (now - held.at > MAX_KEY_GAP_MS) {
        held.digits = '';
        held.isBroken = false;
      }
      held.at = now;
      if (HEX_KEY.test(event.key)) {
        if (held.digits.length < EPC_DIGITS.max) held.digits += event.key;
        else held.isBroken = true;
        event.preventDefault();
        return;
      }
      if (event.key === 'Enter' && (held.digits || held.isBroken)) {
        // The wedge's Enter ends an EPC; it must not press the button that has focus.
        event.preventDefault();
        const epc = held.digits.toUpperCase();
        const isBroken = held.isBroken;
        held.digits = '';
        held.isBroken = false;
        if (isBroken || epc.length < EPC_DIGITS.min || seen.current.has(epc)) return;
        seen.current.add(epc);
        setEpcs((before) => [...before, epc]);
        onEpcRef.current?.(epc);
        return;
      }
      // Any other key (but Shift, which types upper-case digits) spoils the EPC under way: it is dropped at its Enter.
      if (event.key !== 'Shift' && held.digits) held.isBroken = true;
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, [enabled]);

  const reset = useCallback(() => {
    seen.current = new Set();
    buffer.current = { digits: '', at: 0, isBroken: false };
    setEpcs([]);
  }, []);

  return { epcs, count: epcs.length, last: epcs.at(-1), reset };
};
