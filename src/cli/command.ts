import type { Config } from '../config/index.js';

export interface Command {
  /** The options after the command name, for the usage line. */
  readonly usage: string;
  readonly summary: string;
  /** Resolves to the exit code. */
  run(args: readonly string[], config: Config): Promise<number>;
}

/** Wrong arguments: printed with the command's usage, exit code 64. */
export class UsageError extends Error {
  override name = 'UsageError';
}
