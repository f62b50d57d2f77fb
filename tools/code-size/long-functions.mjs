// `node tools/code-size/long-functions.mjs [max]`: every function (declaration, arrow, expression, method) over `max`
// lines (120) in the tracked source outside tests, longest first (issue 33's measure: a factory closure returning an
// object of methods counts as one function, as the review counted `createPrintingService`). Reports; exits 0.
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parseSync } from 'oxc-parser';

const max = Number(process.argv[2] ?? 120);
const files = execSync("git ls-files '*.ts' '*.tsx' '*.mjs'", { encoding: 'utf8' })
  .split('\n')
  // Tests: unit, API and browser tests, the stack's smoke test, and the chaos and fuzz suites (tools/chaos, tools/fuzz).
  .filter(
    (file) => file && !/\.test\.tsx?$|\.e2e\.ts$|\.smoke\.ts$|\/test\/|^tools\/(chaos|fuzz)\/|\/dist\/|\.d\.ts$/.test(file),
  );
const long = [];
/** The syntax nodes that are functions (a method's body is its FunctionExpression, counted from its name). */
const FUNCTIONS = new Set(['FunctionDeclaration', 'ArrowFunctionExpression', 'FunctionExpression', 'TSDeclareFunction']);
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const lineStarts = [0];
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) lineStarts.push(index + 1);
  /** The line (from 0) of a UTF-16 offset: the last line start at or before it. */
  const lineOf = (offset) => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (lineStarts[middle] <= offset) low = middle;
      else high = middle - 1;
    }
    return low;
  };
  const { program } = parseSync(file, text);
  const visit = (node, parent) => {
    if (Array.isArray(node)) {
      for (const child of node) visit(child, parent);
      return;
    }
    if (!node || typeof node !== 'object' || typeof node.type !== 'string') return;
    if (FUNCTIONS.has(node.type) && node.body) {
      // A method (class or object literal) is counted from its name, as its declaration starts there.
      const isMethod = parent && (parent.type === 'MethodDefinition' || (parent.type === 'Property' && parent.method));
      const start = isMethod ? parent.start : node.start;
      const lines = lineOf(node.end) - lineOf(start) + 1;
      if (lines > max) long.push({ lines, at: `${file}:${lineOf(start) + 1}` });
    }
    for (const [key, value] of Object.entries(node)) {
      if (key !== 'parent' && value && typeof value === 'object') visit(value, node);
    }
  };
  visit(program, undefined);
}
long.sort((a, b) => b.lines - a.lines);
for (const { lines, at } of long) console.log(`${String(lines).padStart(5)}  ${at}`);
console.log(`${long.length} functions over ${max} lines in ${files.length} files`);
