/// A small bounded cache: when full, the older half of the entries is dropped.
///
/// Cheaper than a true LRU and good enough for word lookups, where repeated words repeat soon.
struct RecentAnswers<Key: Hashable, Value> {
    private var current: [Key: Value] = [:]
    private var previous: [Key: Value] = [:]
    let capacity: Int

    init(capacity: Int) {
        self.capacity = max(2, capacity)
    }

    subscript(key: Key) -> Value? {
        mutating get {
            if let value = current[key] { return value }
            if let value = previous[key] {
                current[key] = value
                return value
            }
            return nil
        }
        set {
            if current.count >= capacity / 2 {
                previous = current
                current.removeAll(keepingCapacity: true)
            }
            current[key] = newValue
        }
    }

    /// Forgets every answer.
    mutating func removeAll() {
        current.removeAll()
        previous.removeAll()
    }
}
