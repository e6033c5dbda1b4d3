/**
 * A small memo table with a size bound (oldest entry evicted first). It only memoises pure
 * functions of its key, so evictions cost time, never change results.
 */
export class BoundedCache<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly capacity: number) {}

  get(key: K, compute: (key: K) => V): V {
    const hit = this.entries.get(key);
    if (hit !== undefined) return hit;
    const value = compute(key);
    if (this.entries.size >= this.capacity) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, value);
    return value;
  }
}
