import DocQuery
import DocTree
import Foundation
import Testing
import TestSupport

/// Random edits (set, insert, remove, rename on random nodes) checked
/// against a model computed without the edit code: each output loads, its
/// tree equals the model's, and it differs from the input only inside the
/// region the edit may touch.
@Suite struct EditDifferentialTests {
    /// A JSON value as a plain Swift tree (numbers as written, strings decoded).
    indirect enum Model: Equatable {
        case scalar(Node.Kind, String)
        case array([Model])
        case object([(String, Model)])

        static func == (a: Model, b: Model) -> Bool {
            switch (a, b) {
            case (.scalar(let k1, let t1), .scalar(let k2, let t2)): return k1 == k2 && t1 == t2
            case (.array(let x), .array(let y)): return x == y
            case (.object(let x), .object(let y)): return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
            default: return false
            }
        }

        init(_ node: Node) {
            switch node.kind {
            case .array: self = .array(node.children.map(Model.init))
            case .object: self = .object(node.children.map { ($0.name ?? "", Model($0)) })
            default: self = .scalar(node.kind, node.string ?? "")
            }
        }

        /// The model at `route` (child positions from here) after `change`.
        func changing(_ route: ArraySlice<Int>, _ change: (Model) -> Model?) -> Model? {
            guard let step = route.first else { return change(self) }
            switch self {
            case .array(var items):
                if route.count == 1 {
                    guard let new = change(items[step]) else { items.remove(at: step); return .array(items) }
                    items[step] = new
                } else {
                    items[step] = items[step].changing(route.dropFirst(), change)!
                }
                return .array(items)
            case .object(var members):
                if route.count == 1 {
                    guard let new = change(members[step].1) else { members.remove(at: step); return .object(members) }
                    members[step].1 = new
                } else {
                    members[step].1 = members[step].1.changing(route.dropFirst(), change)!
                }
                return .object(members)
            case .scalar: preconditionFailure("a route through a scalar")
            }
        }
    }

    /// Values to write, with their models.
    static let values: [(EditValue, Model)] = [
        (7, .scalar(.number, "7")),
        (EditValue(-0.25), .scalar(.number, "-0.25")),
        ("é \"q\"\n", .scalar(.string, "é \"q\"\n")),
        (true, .scalar(.true, "true")),
        (nil, .scalar(.null, "")),
        ([1, "a"], .array([.scalar(.number, "1"), .scalar(.string, "a")])),
        (["k": [:]], .object([("k", .object([]))])),
        ([], .array([])),
    ]

    static let documents: [URL] = {
        let suite = ((try? SharedData.files(in: "conformance/json-parsing", withExtension: "json")) ?? [])
            .filter { $0.lastPathComponent.hasPrefix("y_") }
        let small = ["github_events.json"].compactMap { try? SharedData.url("bench-data/json/\($0)") }
        let examples = ["tasks.json", "theaters.json"].map { SharedData.packageRoot.appendingPathComponent("Examples/documents/\($0)") }
        return suite + small + examples
    }()

    /// Edits checked, how many of them also streamed (see
    /// ``streamsTheSame(_:_:_:options:chunk:)``), and how many of those the
    /// lean way (``StreamedEdit/streamsJSONLeanly``).
    var checkedCount = 0
    var streamedCount = 0
    var leanCount = 0

    @Test mutating func tenThousandRandomEdits() throws {
        var generator = SplitMix64(seed: 0x18)
        let sources = try Self.documents.map { try DocumentEditor(bytes: [UInt8](Data(contentsOf: $0))) }
        #expect(sources.count >= 98)
        var checked = 0
        var attempts = 0
        while checked < 10_000, attempts < 40_000 {
            attempts += 1
            let editor = sources[Int.random(in: 0..<sources.count, using: &generator)]
            if try check(editor, &generator) { checked += 1 }
        }
        #expect(checked == 10_000, "only \(checked) of \(attempts) attempts applied")
        #expect(streamedCount >= 7_000, "only \(streamedCount) of 10,000 edits streamed")
    }

    /// Whether the streamed editor, reading `input` `chunk` bytes at a
    /// time, writes `heldWhole`, the held-whole editor's output for
    /// `edits` (`true`), or refuses to stream them (`false`); any other
    /// answer is an issue recorded: the same edit gives the same bytes at
    /// any size.
    static func streamsTheSame(_ edits: [Edit], _ input: [UInt8], _ heldWhole: [UInt8], options: LoadOptions, chunk: Int) throws -> Bool {
        let out: [UInt8]
        do {
            out = try StreamedEditTests.streamed(edits, input, chunk: chunk, options: options).bytes
        } catch let error as QueryError where error.kind == .notStreamable {
            return false
        } catch {
            Issue.record("\(edits) streamed in \(chunk)-byte chunks failed: \(error); held whole it wrote\n\(String(decoding: heldWhole, as: UTF8.self))")
            return false
        }
        #expect(out == heldWhole, "\(edits) in \(chunk)-byte chunks:\n\(String(decoding: out, as: UTF8.self))\nheld whole:\n\(String(decoding: heldWhole, as: UTF8.self))")
        return true
    }

    /// One random edit; `false` when the draw is not an edit to make (a node
    /// with no unique path, a root that cannot be removed). `options` are
    /// those `editor` was loaded with.
    mutating func check(_ editor: DocumentEditor, options: LoadOptions = LoadOptions(), _ generator: inout SplitMix64) throws -> Bool {
        let document = editor.document
        let input = editor.bytes
        let source = try EditableSource(bytes: input, options: options)
        let node = document.node(at: UInt32.random(in: 1..<UInt32(document.nodeCount), using: &generator))
        guard let path = PathQuery.canonicalPath(of: node),
            let only = try? PathQuery(path).evaluate(on: document).selectedMatches, only.count == 1, only[0].node == node
        else { return false }
        var route: [Int] = []
        var current = node
        while let parent = current.parent, parent.kind != .document {
            route.insert(Array(parent.children).firstIndex(of: current)!, at: 0)
            current = parent
        }
        let model = Model(document.root)
        let parent = node.parent!
        let siblings: [Node] = parent.kind == .document ? [] : Array(parent.children)
        let position = siblings.firstIndex(of: node)
        func slot(_ n: Node) -> Int { source.spans.keyStart(n.index) ?? source.spans.start(n.index) }
        let spans = source.spans
        var edit: Edit
        var expected: Model
        var region: Range<Int>
        let (value, valueModel) = Self.values[Int.random(in: 0..<Self.values.count, using: &generator)]
        let fresh = "new\(Int.random(in: 0..<1_000_000, using: &generator))"
        switch Int.random(in: 0..<4, using: &generator) {
        case 0:
            edit = .set(path, to: value)
            expected = model.changing(route[...]) { _ in valueModel }!
            region = spans.range(node.index)
        case 1:
            guard let position else { return false }
            edit = .remove(path)
            expected = model.changing(route[...]) { _ in nil }!
            let lower = position > 0 ? spans.end(siblings[position - 1].index) : spans.start(parent.index) + 1
            let upper = position + 1 < siblings.count ? slot(siblings[position + 1]) : spans.end(parent.index) - 1
            region = lower..<upper
        case 2:
            guard node.kind == .array || node.kind == .object else { return false }
            let children = Array(node.children)
            let index = Int.random(in: 0...children.count, using: &generator)
            let key = node.kind == .object ? fresh : nil
            edit = .insert(value, into: path, key: key, at: index)
            expected = model.changing(route[...]) { target in
                switch target {
                case .array(var items): items.insert(valueModel, at: index); return .array(items)
                case .object(var members): members.insert((fresh, valueModel), at: index); return .object(members)
                case .scalar: return nil
                }
            }!
            let lower = index > 0 ? spans.end(children[index - 1].index) : spans.start(node.index) + 1
            let upper = index < children.count ? slot(children[index]) : spans.end(node.index) - 1
            region = lower..<max(lower, upper)
        default:
            guard parent.kind == .object, let position else { return false }
            edit = .rename(path, to: fresh)
            guard case .object(var members) = parent.kind == .object ? Model(parent) : .array([]) else { return false }
            members[position].0 = fresh
            let renamed = Model.object(members)
            expected = route.count == 1 ? renamed : model.changing(route.dropLast()[...]) { _ in renamed }!
            region = slot(node)..<spans.start(node.index)
        }
        let output = try editor.applying([edit])
        #expect(Model(output.document.root) == expected, "\(edit) on \(path)")
        let out = output.bytes
        // A byte at a time on one edit in five: each byte costs a resumed scan.
        let chunk = [1, 7, 64, 4096, input.count][checkedCount % 5]
        if try Self.streamsTheSame([edit], input, out, options: options, chunk: chunk) {
            streamedCount += 1
            if (try? StreamedEdit([edit], options: options))?.streamsJSONLeanly == true { leanCount += 1 }
        }
        checkedCount += 1
        let prefix = zip(input, out).prefix { $0 == $1 }.count
        let suffix = zip(input.reversed(), out.reversed()).prefix { $0 == $1 }.count
        #expect(prefix >= region.lowerBound || prefix == min(input.count, out.count), "\(edit): changed before \(region)")
        #expect(suffix >= input.count - region.upperBound || suffix == min(input.count, out.count), "\(edit): changed after \(region)")
        return true
    }
}
