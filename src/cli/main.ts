/**
 * The admin command line: `npm run --silent cli -- <noun> <verb> [options]`. Each command lives in
 * `commands/<noun>/<verb>.ts` and uses the same services the server does, against the same
 * DATA_DIR or DATABASE_URL, so it works while the server runs.
 */
import { ConfigError, loadConfig } from '../config/index.js';
import { historyBackfill } from './commands/history/backfill.js';
import { keysCreate } from './commands/keys/create.js';
import { keysList } from './commands/keys/list.js';
import { keysRevoke } from './commands/keys/revoke.js';
import { storeCopy } from './commands/store/copy.js';
import { modelsBacktest } from './commands/models/backtest.js';
import { modelsBacktestOutages } from './commands/models/backtest-outages.js';
import { modelsBacktestPlans } from './commands/models/backtest-plans.js';
import { modelsPlanOptimality } from './commands/models/plan-optimality.js';
import { planPrint } from './commands/plan/print.js';
import { simRealism } from './commands/sim/realism.js';
import { UsageError, type Command } from './command.js';

const COMMANDS: Readonly<Record<string, Command>> = {
  'keys create': keysCreate,
  'keys revoke': keysRevoke,
  'keys list': keysList,
  'history backfill': historyBackfill,
  'store copy': storeCopy,
  'models backtest': modelsBacktest,
  'models backtest-outages': modelsBacktestOutages,
  'models backtest-plans': modelsBacktestPlans,
  'models plan-optimality': modelsPlanOptimality,
  'sim realism': simRealism,
  plan: planPrint,
};

function usage(): string {
  const lines = Object.entries(COMMANDS).map(
    ([name, command]) => `  ${name} ${command.usage}\n      ${command.summary}`,
  );
  return `usage: npm run --silent cli -- <command>\n\ncommands:\n${lines.join('\n')}\n`;
}

async function main(argv: readonly string[]): Promise<number> {
  // Most commands are a noun and a verb; `plan` is one word.
  const pair = argv.slice(0, 2).join(' ');
  const name = COMMANDS[pair] ? pair : (argv[0] ?? '');
  const command = COMMANDS[name];
  if (!command) {
    process.stderr.write(argv.length === 0 ? usage() : `unknown command "${name}"\n\n${usage()}`);
    return 64;
  }
  try {
    return await command.run(argv.slice(name.split(' ').length), loadConfig());
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\nusage: npm run --silent cli -- ${name} ${command.usage}\n`);
      return 64;
    }
    if (error instanceof ConfigError) {
      process.stderr.write(`queuecast: invalid configuration: ${error.message}\n`);
      return 78;
    }
    throw error;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  },
);
