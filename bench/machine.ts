/** One line naming the machine a table was measured on: cores, memory, Node. */
import { cpus, totalmem } from 'node:os';

export function machineLine(date = new Date()): string {
  const gib = (totalmem() / 2 ** 30).toFixed(1);
  return `Measured ${date.toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), ${gib} GiB RAM, Node ${process.version}.`;
}
