/**
 * Concurrent stream connections per subject (an IP or a key). In process by default; a shared
 * driver (Redis, atomic counters) implements the same port when instances are scaled out.
 */
export interface StreamSlots {
  /** Takes a slot if fewer than `max` are held; false when the subject is at its limit. */
  acquire(subject: string, max: number): Promise<boolean>;
  release(subject: string): Promise<void>;
}

export class LocalStreamSlots implements StreamSlots {
  private readonly held = new Map<string, number>();

  async acquire(subject: string, max: number): Promise<boolean> {
    const count = this.held.get(subject) ?? 0;
    if (count >= max) return false;
    this.held.set(subject, count + 1);
    return true;
  }

  async release(subject: string): Promise<void> {
    const count = (this.held.get(subject) ?? 0) - 1;
    if (count > 0) this.held.set(subject, count);
    else this.held.delete(subject);
  }
}
