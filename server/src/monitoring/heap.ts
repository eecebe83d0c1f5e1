/** A binary min-heap of items ordered by a numeric key (due times). */
export class MinHeap<T> {
  private keys: number[] = [];
  private items: T[] = [];

  get size(): number {
    return this.items.length;
  }

  push(key: number, item: T): void {
    this.keys.push(key);
    this.items.push(item);
    let i = this.items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.keys[parent]! <= key) break;
      this.swap(i, parent);
      i = parent;
    }
  }

  /** The smallest key, or Infinity when empty. */
  peekKey(): number {
    return this.items.length ? this.keys[0]! : Infinity;
  }

  pop(): T | undefined {
    const n = this.items.length;
    if (n === 0) return undefined;
    const top = this.items[0]!;
    const lastKey = this.keys.pop()!;
    const lastItem = this.items.pop()!;
    if (n > 1) {
      this.keys[0] = lastKey;
      this.items[0] = lastItem;
      let i = 0;
      const size = n - 1;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < size && this.keys[l]! < this.keys[m]!) m = l;
        if (r < size && this.keys[r]! < this.keys[m]!) m = r;
        if (m === i) break;
        this.swap(i, m);
        i = m;
      }
    }
    return top;
  }

  clear(): void {
    this.keys = [];
    this.items = [];
  }

  private swap(a: number, b: number): void {
    const k = this.keys[a]!;
    this.keys[a] = this.keys[b]!;
    this.keys[b] = k;
    const t = this.items[a]!;
    this.items[a] = this.items[b]!;
    this.items[b] = t;
  }
}
