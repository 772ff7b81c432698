// A Map that holds at most `limit` entries: adding a new key to a full one forgets the oldest
// (the first inserted). For an isolate's memos of values that are cheap to make again, where a
// forgotten entry costs only the work it saved.
export class BoundedMap<K, V> extends Map<K, V> {
  readonly #limit: number;

  constructor(limit: number) {
    super();
    this.#limit = limit;
  }

  override set(key: K, value: V): this {
    if (this.size >= this.#limit && !this.has(key)) this.delete(this.keys().next().value as K);
    return super.set(key, value);
  }
}
