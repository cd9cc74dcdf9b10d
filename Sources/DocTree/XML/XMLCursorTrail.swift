/// Where libxml2's cursor stood at each element event of a load for
/// editing, in the order the elements start (which is the order of their
/// records): the raw material of an XML document's ``NodeSpans``.
///
/// libxml2 reports no offsets, but when it calls `startElementNs` its
/// cursor stands at the end of the start tag's attributes (at its `>` or
/// `/>`), and when it calls `endElementNs` just past the end tag's `>` (or
/// the `/>`). ``XMLLoader/parseWithSpans(_:encoding:options:)`` turns these into
/// spans: an element's start is the last `<` before the first cursor,
/// since a start tag holds no other `<` (attribute values cannot).
final class XMLCursorTrail: XMLCursorObserver {
    /// Per element in start order: the cursor at its start and at its end.
    private(set) var cursors: [(start: Int, end: Int)] = []
    private var open: [Int] = []

    init() {}

    func started(at cursor: Int) {
        open.append(cursors.count)
        cursors.append((cursor, -1))
    }

    func ended(at cursor: Int) {
        guard let element = open.popLast() else { return }
        cursors[element].end = cursor
    }
}

/// What libxml2's cursor is shown to at each element event of a load that
/// needs positions (see ``XMLCursorTrail`` for where it stands then).
protocol XMLCursorObserver: AnyObject {
    /// An element starts; the cursor is at the end of its start tag's attributes.
    func started(at cursor: Int)
    /// An element ends; the cursor is just past its end tag.
    func ended(at cursor: Int)
}
