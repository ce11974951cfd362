/// A first-in, first-out queue of at most `capacity` elements in storage allocated once.
///
/// `append` refuses an element when the queue is full instead of growing, so a script cannot
/// make it hold more than its capacity.
struct RingBuffer<Element> {
  private var storage: [Element?]
  private var head = 0
  /// How many elements the queue holds.
  private(set) var count = 0

  /// An empty queue for at most `capacity` elements (at least one).
  init(capacity: Int) {
    storage = Array(repeating: nil, count: max(1, capacity))
  }

  /// Adds `element` at the back; returns `false`, changing nothing, when the queue is full.
  mutating func append(_ element: Element) -> Bool {
    guard count < storage.count else { return false }
    storage[(head + count) % storage.count] = element
    count += 1
    return true
  }

  /// Takes the element at the front, or `nil` when the queue is empty.
  mutating func removeFirst() -> Element? {
    guard count > 0 else { return nil }
    defer {
      storage[head] = nil
      head = (head + 1) % storage.count
      count -= 1
    }
    return storage[head]
  }
}
