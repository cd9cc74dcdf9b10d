/// Where the scan stands before a value: no member name first, or the
/// first name of an object, or a name after a comma.
enum MemberName { case none, first, afterComma }

/// Where the grammar stands at a token boundary (where a resumable scan stops).
enum ScanPhase {
    /// Before a value, with a member name and its ':' first unless `.none`.
    case value(MemberName)
    /// Just inside a container: its first value (or member name), or its closing bracket.
    case firstOrClose
    /// After a value: a comma, a closing bracket, or the end of the value read.
    case afterValue
}

/// One open container: what the sink keeps for it, and whether it is an object.
struct ScanFrame<Container> {
    var container: Container
    var isObject: Bool
}

/// The scan's stack of open containers: in the room its caller gives (a
/// temporary allocation) while that suffices, then on the heap; its owner
/// calls ``release()``. Elements are plain values (a sink's containers hold
/// no references).
struct ScanStack<Element> {
    private var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private var capacity: Int
    private var onHeap: Bool

    /// A stack in `room`, or without one on the heap from the start.
    init(_ room: UnsafeMutableBufferPointer<Element>?) {
        onHeap = room?.baseAddress == nil
        capacity = onHeap ? 32 : room!.count
        base = room?.baseAddress ?? .allocate(capacity: capacity)
    }

    var isEmpty: Bool { count == 0 }

    @inline(__always)
    mutating func push(_ element: Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count &+= 1
    }

    @inline(__always)
    mutating func pop() -> Element {
        count &-= 1
        return (base + count).move()
    }

    /// Empties the stack, keeping its storage.
    mutating func removeAll() {
        base.deinitialize(count: count)
        count = 0
    }

    @inline(never)
    private mutating func grow() {
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: base, count: count)
        release()
        base = larger
        capacity *= 2
        onHeap = true
    }

    /// Frees the heap storage, if any.
    func release() {
        if onHeap { base.deallocate() }
    }
}

/// Where a scan stands; a resumable scan keeps it from one buffer to the
/// next, and its owner calls ``release()`` at the end.
struct ScanState<Container> {
    /// The open containers outside ``top``.
    var stack: ScanStack<ScanFrame<Container>>
    /// The innermost open container (the sink's root outside any).
    var top: ScanFrame<Container>
    var phase = ScanPhase.value(.none)
    /// Whether the last scan stopped at the buffer's end, before the value ended.
    var isSuspended = false
    /// The last token boundary marked, where a scan that stops goes on.
    var resumeOffset = 0

    /// A state before a top-level value, its stack in `room` or on the heap.
    init(room: UnsafeMutableBufferPointer<ScanFrame<Container>>? = nil, root: Container) {
        self.stack = ScanStack(room)
        self.top = ScanFrame(container: root, isObject: false)
    }

    /// Back to before a top-level value (after a malformed one).
    mutating func reset(root: Container) {
        stack.removeAll()
        top = ScanFrame(container: root, isObject: false)
        phase = .value(.none)
        isSuspended = false
    }

    /// Marks the token boundary at `offset`, in `phase`, inside `top`: where
    /// the scan goes on if the buffer ends before the next mark.
    @inline(__always)
    mutating func mark(_ offset: Int, _ phase: ScanPhase, _ top: ScanFrame<Container>) {
        resumeOffset = offset
        self.phase = phase
        self.top = top
    }

    /// Frees the stack's storage.
    func release() { stack.release() }
}
