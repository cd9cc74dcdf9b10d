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

/// Where a scan stands: its open containers, and where a resumable scan
/// goes on from one buffer to the next. The stack is in the room its caller
/// gives (a temporary allocation) while that suffices, then on the heap; the
/// owner calls ``release()``. Frames are plain values (a sink's containers
/// hold no references).
struct ScanState<Container> {
    /// The innermost open container (the sink's root outside any).
    var top: ScanFrame<Container>
    /// How many containers are open outside ``top``.
    private(set) var depth = 0
    private var frames: UnsafeMutablePointer<ScanFrame<Container>>
    private var capacity: Int
    private var onHeap: Bool
    var phase = ScanPhase.value(.none)
    /// Whether the scan reads JSON with comments (``LoadOptions/readsJSONWithComments``):
    /// which dialect's loop a resumed scan runs (``JSONDialect``).
    let comments: Bool
    /// Whether the last scan stopped at the buffer's end, before the value ended.
    var isSuspended = false
    /// The last token boundary marked, where a scan that stops goes on.
    var resumeOffset = 0

    /// A state before a top-level value, its stack in `room`, or without one on the heap.
    init(room: UnsafeMutableBufferPointer<ScanFrame<Container>>? = nil, root: Container, comments: Bool) {
        self.comments = comments
        top = ScanFrame(container: root, isObject: false)
        onHeap = room?.baseAddress == nil
        capacity = onHeap ? 32 : room!.count
        frames = room?.baseAddress ?? .allocate(capacity: capacity)
    }

    /// Back to before a top-level value (after a malformed one), keeping the stack's storage.
    mutating func reset(root: Container) {
        frames.deinitialize(count: depth)
        depth = 0
        top = ScanFrame(container: root, isObject: false)
        phase = .value(.none)
        isSuspended = false
    }

    @inline(__always)
    mutating func push(_ frame: ScanFrame<Container>) {
        if depth == capacity { grow() }
        (frames + depth).initialize(to: frame)
        depth &+= 1
    }

    @inline(__always)
    mutating func pop() -> ScanFrame<Container> {
        depth &-= 1
        return (frames + depth).move()
    }

    /// Marks the token boundary at `offset`, in `phase`, inside `top`: where
    /// the scan goes on if the buffer ends before the next mark.
    @inline(__always)
    mutating func mark(_ offset: Int, _ phase: ScanPhase, _ top: ScanFrame<Container>) {
        resumeOffset = offset
        self.phase = phase
        self.top = top
    }

    @inline(never)
    private mutating func grow() {
        let larger = UnsafeMutablePointer<ScanFrame<Container>>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: frames, count: depth)
        release()
        frames = larger
        capacity *= 2
        onHeap = true
    }

    /// Frees the stack's heap storage, if any.
    func release() {
        if onHeap { frames.deallocate() }
    }
}
