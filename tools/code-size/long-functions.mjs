// `node tools/code-size/long-functions.mjs [max]`: every function (declaration, arrow, expression, method) over `max`
// lines (120) in the tracked source outside tests, longest first (issue 33's measure: a factory closure returning an
// object of methods counts as one function, as the review counted `createPrintingService`). Reports; exits 0.
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import ts from 'typescript';

const max = Number(process.argv[2] ?? 120);
const files = execSync("git ls-files '*.ts' '*.tsx' '*.mjs'", { encoding: 'utf8' })
  .split('\n')
  // Tests: unit, API and browser tests, the stack's smoke test, and the chaos and fuzz suites (tools/chaos, tools/fuzz).
  .filter(
    (file) => file && !/\.test\.tsx?$|\.e2e\.ts$|\.smoke\.ts$|\/test\/|^tools\/(chaos|fuzz)\/|\/dist\/|\.d\.ts$/.test(file),
  );
const long = [];
for (const file of files) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const lineOf = (position) => source.getLineAndCharacterOfPosition(position).line;
  const visit = (node) => {
    if (
      ts.isFunctionDeclaration(node) ||
      ts.isArrowFunction(node) ||
      ts.isFunctionExpression(node) ||
      ts.isMethodDeclaration(node)
    ) {
      const lines = lineOf(node.getEnd()) - lineOf(node.getStart()) + 1;
      if (lines > max) long.push({ lines, at: `${file}:${lineOf(node.getStart()) + 1}` });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}
long.sort((a, b) => b.lines - a.lines);
for (const { lines, at } of long) console.log(`${String(lines).padStart(5)}  ${at}`);
console.log(`${long.length} functions over ${max} lines in ${files.length} files`);
