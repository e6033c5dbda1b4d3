/**
 * The SQLite binding: better-sqlite3 13 (Node-API, prebuilt in its package) on Node 22 and later;
 * better-sqlite3 12 on Node 20, which 13 does not support. Version 12 compiled against Node 24's
 * headers aborts the process whenever the garbage collector frees one of its statements, so it is
 * never loaded there (ADR 0008). Both have the same API.
 */
import { createRequire } from 'node:module';
import type BetterSqlite3Module from 'better-sqlite3';

const require = createRequire(import.meta.url);
const nodeMajor = Number(process.versions.node.split('.')[0]);

/** The package loaded on this Node. */
export const BINDING = nodeMajor >= 22 ? 'better-sqlite3' : 'better-sqlite3-node20';

export const BetterSqlite3 = require(BINDING) as typeof BetterSqlite3Module;

export type SqliteDatabase = BetterSqlite3Module.Database;
