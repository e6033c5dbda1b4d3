/**
 * Makes sure DATA_DIR is a directory this process can write, before SQLite opens anything in it.
 * A bad DATA_DIR is a configuration error (one line naming the variable, exit 78), not a stack.
 */
import { accessSync, constants, mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { ConfigError } from '../../config/index.js';

function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Creates the directory and its missing parents one by one: Node's recursive mkdir never returns
 * where the filesystem refuses to create a parent (DATA_DIR=/proc/x spins forever).
 */
export function prepareDataDir(dataDir: string): void {
  const target = resolve(dataDir);
  const missing: string[] = [];
  let existing = target;
  while (!exists(existing)) {
    missing.unshift(existing);
    const parent = dirname(existing);
    if (parent === existing) break;
    existing = parent;
  }
  if (!statSync(existing).isDirectory()) {
    throw new ConfigError(`DATA_DIR must be a directory, but ${existing} is not one (got "${dataDir}")`);
  }
  for (const directory of missing) {
    try {
      mkdirSync(directory);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
      throw new ConfigError(
        `DATA_DIR ${target} cannot be created (${code} at ${directory}); choose a writable directory`,
      );
    }
  }
  try {
    accessSync(target, constants.R_OK | constants.W_OK);
  } catch {
    throw new ConfigError(
      `DATA_DIR ${target} is not readable and writable by this process; choose another directory`,
    );
  }
}
