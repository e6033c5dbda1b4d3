/**
 * Writes what one turn of the event loop decided together, once that turn's reads are done.
 *
 * Node reads every ready socket in one turn. Writing each answer the moment it is decided
 * interleaves socket writes with the remaining reads: each write then wakes a client that has
 * gone back to waiting, and the kernel's work between two requests evicts what the next request's
 * JavaScript had in cache. Deferring the writes to the end of the turn (setImmediate) sends them in
 * one burst. A response waits at most for the other requests read in the same turn.
 */
export class WriteBatch<Item> {
  private pending: Item[] = [];

  /**
   * @param write sends one item's response.
   * @param failed called with an item whose write threw; the rest of the batch is still written.
   */
  constructor(
    private readonly write: (item: Item) => void,
    private readonly failed: (item: Item, error: unknown) => void,
  ) {}

  add(item: Item): void {
    if (this.pending.push(item) === 1) setImmediate(this.flush);
  }

  private readonly flush = (): void => {
    const items = this.pending;
    // Items added while these are written (a write that ends a request synchronously) form the next batch.
    this.pending = [];
    for (const item of items) {
      try {
        this.write(item);
      } catch (error) {
        this.failed(item, error);
      }
    }
  };
}
