/** One field of an audited write: its value before and after (JSON text; '' when absent) and whether it changed. */
export type FieldChange = { field: string; before: string; after: string; isChanged: boolean };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const text = (value: unknown): string => (value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value));

/**
 * The fields of a write before → after: every top-level field of either side, in the order they come (after's first);
 * a body that is no object is one field, `value`.
 */
export const fieldChanges = (before: unknown, after: unknown): FieldChange[] => {
  const left = isRecord(before) ? before : before == null ? {} : { value: before };
  const right = isRecord(after) ? after : after == null ? {} : { value: after };
  const fields = [...new Set([...Object.keys(right), ...Object.keys(left)])];
  const hasBoth = before != null && after != null;
  return fields.map((field) => {
    const was = text(left[field]);
    const is = text(right[field]);
    return { field, before: was, after: is, isChanged: hasBoth && was !== is };
  });
};
