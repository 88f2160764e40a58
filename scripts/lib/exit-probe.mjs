// Loaded into every Node process of a test run (`npm test` sets NODE_OPTIONS=--import=<this file> and
// EVT_EXIT_LOG): a process that ends itself with process.exit(), or exits with a non-zero code, writes one
// line saying who it was and from where. Why: a vitest worker once "exited unexpectedly" during an
// upstream test on a busy machine, and vitest 4 keeps neither the worker's exit code nor its signal. With
// this log, such a death is either a line here (code exited on purpose: the stack says which) or no line
// at all (a signal or a crash: then the kernel's log, which scripts/test.mjs prints too, says which).
import { appendFileSync } from 'node:fs';

const file = process.env.EVT_EXIT_LOG;
if (file) {
  const who = `pid ${process.pid} ${process.argv.slice(1).join(' ').slice(0, 160)}`;
  const write = (line) => {
    try {
      appendFileSync(file, `${new Date().toISOString()} ${who}: ${line}\n`);
    } catch {
      // the run's report folder is gone: nothing left to tell
    }
  };
  let told = false;
  const exit = process.exit;
  process.exit = function probedExit(code) {
    told = true;
    const stack = (new Error().stack ?? '')
      .split('\n')
      .slice(2, 7)
      .map((s) => s.trim());
    write(`process.exit(${code ?? ''}) ${stack.join(' < ')}`);
    return exit.call(process, code);
  };
  process.on('exit', (code) => {
    if (code !== 0 && !told) write(`exit code ${code}`);
  });
}
