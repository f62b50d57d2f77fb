// The deploy/ files are templates: `{{NAME}}` is replaced by its value (scripts/stack.mjs renders them into the
// stack's folder; a host renders them once with its own values, docs/deploy.md).
import { readFileSync } from 'node:fs';

/** `text` with every `{{NAME}}` replaced; a name without a value is an error (a file half rendered never runs). */
export const render = (text, values) =>
  text.replace(/\{\{([A-Z0-9_]+)\}\}/g, (_match, name) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for {{${name}}}`);
    return String(value);
  });

export const renderFile = (file, values) => render(readFileSync(file, 'utf8'), values);
