import DocQuery
import DocTree
import Foundation
import Testing
import TestSupport

/// Random XML edits (set, insert, remove, rename on random elements,
/// attributes and element text) checked against a model computed without
/// the edit code: each output loads, its tree equals the model's mutated
/// copy node by node, and it differs from the input only inside the edited
/// node's span (with the white space and same-line comments around it).
///
/// The documents are Examples/documents, slices of shared/bench-data/xml,
/// the hostile XML files that load, and the UTF-8 ones transcoded to
/// ISO-8859-1 and EUC-KR with a declaration saying so. `DOCQUERY_XML_EDITS`
/// sets how many edits to check (10 000 by default).
@Suite struct XMLEditDifferentialTests {
    // MARK: The model

    /// An element as a plain Swift tree: comments and processing
    /// instructions are kept, so edits must keep them where they were.
    struct Element: Equatable, Sendable {
        var name: String
        var attributes: [(name: String, value: String)]
        var children: [Item]

        static func == (a: Element, b: Element) -> Bool {
            a.name == b.name && a.children == b.children && a.attributes.count == b.attributes.count
                && zip(a.attributes, b.attributes).allSatisfy { $0.name == $1.name && $0.value == $1.value }
        }

        init(name: String, attributes: [(name: String, value: String)] = [], children: [Item] = []) {
            self.name = name
            self.attributes = attributes
            self.children = children
        }

        /// The node and its subtree, read through the public Node API only.
        init(_ node: Node) {
            name = node.name ?? ""
            attributes = node.attributes.map { ($0.name ?? "", $0.string ?? "") }
            children = node.children.map(Item.init)
        }

        var hasElementChildren: Bool { children.contains { if case .element = $0 { true } else { false } } }
        var hasRealText: Bool { children.contains { if case .text(let t, _) = $0 { !Self.isBlank(t) } else { false } } }
        /// Holds text alone: what an XML `set` may replace.
        var holdsTextAlone: Bool { children.allSatisfy { if case .text = $0 { true } else { false } } }
        var elementPositions: [Int] { children.indices.filter { if case .element = children[$0] { true } else { false } } }

        static func isBlank(_ text: String) -> Bool { text.unicodeScalars.allSatisfy { " \t\r\n".unicodeScalars.contains($0) } }

        /// The element at `route` (child positions from here), changed by `body`.
        mutating func change(_ route: ArraySlice<Int>, _ body: (inout Element) -> Void) {
            guard let step = route.first else { return body(&self) }
            guard case .element(var child) = children[step] else { preconditionFailure("a route through text") }
            child.change(route.dropFirst(), body)
            children[step] = .element(child)
        }

        /// The tree as a load sees it: adjacent plain text runs merged,
        /// empty ones gone, and white-space-only runs of an element without
        /// real text dropped (layout, which a load drops too once the
        /// element has child elements).
        var normalized: Element {
            var merged: [Item] = []
            for child in children {
                switch child {
                case .element(let element): merged.append(.element(element.normalized))
                case .text(let text, let cdata):
                    if text.isEmpty { continue }
                    if !cdata, case .text(let previous, false)? = merged.last {
                        merged[merged.count - 1] = .text(previous + text, cdata: false)
                    } else {
                        merged.append(child)
                    }
                default: merged.append(child)
                }
            }
            var copy = self
            copy.children = merged
            if !copy.hasRealText { copy.children.removeAll { if case .text(let t, _) = $0 { Self.isBlank(t) } else { false } } }
            return copy
        }
    }

    indirect enum Item: Equatable, Sendable {
        case element(Element)
        case text(String, cdata: Bool)
        case comment(String)
        case instruction(String, String)

        init(_ node: Node) {
            switch node.kind {
            case .element: self = .element(Element(node))
            case .text: self = .text(node.string ?? "", cdata: node.record.flags.contains(.cdata))
            case .comment: self = .comment(node.string ?? "")
            default: self = .instruction(node.name ?? "", node.string ?? "")
            }
        }
    }

    // MARK: The documents

    /// A document to edit, with what the checks need of it, computed once.
    struct Sample: Sendable {
        let name: String
        /// How it is loaded: with comments and processing instructions, or
        /// as docq loads it, without.
        let options: LoadOptions
        let editor: DocumentEditor
        let source: EditableSource
        /// Where its elements and attributes stand in ``source``'s text.
        let spans: NodeSpans
        /// The document node's model.
        let model: Element
        /// The elements and attributes a unique path selects, with that path
        /// and their route in the model (an attribute's ends in its position
        /// among the attributes).
        let targets: [(index: UInt32, path: String, route: [Int], isAttribute: Bool)]
    }

    static let options: LoadOptions = {
        var options = LoadOptions()
        options.keepsComments = true
        options.keepsProcessingInstructions = true
        return options
    }()

    static func sample(_ name: String, _ bytes: [UInt8], options: LoadOptions = options) -> Sample? {
        guard let editor = try? DocumentEditor(bytes: bytes, options: options),
            let source = try? EditableSource(bytes: bytes, options: options), let spans = xmlTestSpans(of: source)
        else { return nil }
        let document = editor.document
        var targets: [(UInt32, String, [Int], Bool)] = []
        var routes: [UInt32: [Int]] = [0: []]
        for index in 1..<UInt32(document.nodeCount) {
            let node = document.node(at: index)
            guard let parent = node.parent, let parentRoute = routes[parent.index] else { continue }
            let route: [Int]
            if node.kind == .attribute {
                route = parentRoute + [Array(parent.attributes).firstIndex(of: node)!]
            } else {
                route = parentRoute + [Array(parent.children).firstIndex(of: node)!]
                if node.kind == .element { routes[index] = route }
            }
            guard node.kind == .element || node.kind == .attribute, spans.hasSpan(index),
                let path = PathQuery.canonicalPath(of: node),
                let matches = try? PathQuery(path).evaluate(on: document).selectedMatches, matches.count == 1, matches[0].node == node
            else { continue }
            targets.append((index, path, route, node.kind == .attribute))
        }
        guard !targets.isEmpty else { return nil }
        return Sample(name: name, options: options, editor: editor, source: source, spans: spans, model: Element(document.node(at: 0)), targets: targets)
    }

    /// Slices of a large document: its prolog and root start tag, one
    /// element of a few kilobytes, and the root's end tag.
    static func slices(of url: URL, count: Int) -> [(String, [UInt8])] {
        guard let whole = try? [UInt8](Data(contentsOf: url)) else { return [] }
        guard let source = (try? EditableSource(bytes: head(of: whole), options: options)) ?? (try? EditableSource(bytes: whole, options: options)),
            let spans = xmlTestSpans(of: source)
        else { return [] }
        let document = source.document
        let root = document.root.kind == .element ? document.root : document.root.children.first { $0.kind == .element }!
        let text = source.text
        let rootStart = spans.start(root.index)
        var tagEnd = rootStart
        var quote: UInt8?
        while true {
            let byte = text[tagEnd]
            tagEnd += 1
            if let open = quote { if byte == open { quote = nil } } else if byte == 0x22 || byte == 0x27 { quote = byte } else if byte == 0x3E { break }
        }
        let candidates = (root.index + 1..<UInt32(document.nodeCount)).filter {
            document.node(at: $0).kind == .element && spans.hasSpan($0) && (300...2500).contains(spans.range($0).count)
        }
        guard !candidates.isEmpty else { return [] }
        let step = max(1, candidates.count / count)
        return stride(from: 0, to: candidates.count, by: step).prefix(count).map { position in
            let span = spans.range(candidates[position])
            let slice = Array(text[..<tagEnd]) + Array("\n  ".utf8) + Array(text[span]) + Array("\n</\(root.name!)>\n".utf8)
            return ("\(url.lastPathComponent)#\(position)", source.prefix + slice)
        }
    }

    /// The first 256 KB or so of a large document, cut before one of the
    /// root's children (a line indented like the first one) and closed
    /// with the root's end tag, so slicing need not parse megabytes; the
    /// caller falls back to the whole when this does not load.
    static func head(of bytes: [UInt8]) -> [UInt8] {
        let limit = 256 * 1024
        guard bytes.count > limit else { return bytes }
        let text = String(decoding: bytes, as: UTF8.self)
        guard let root = text.firstMatch(of: /<([A-Za-z_][^\s>\/]*)/), let child = text[root.range.upperBound...].firstMatch(of: /\n([ \t]*)<[A-Za-z_]/)
        else { return bytes }
        let marker = Array(("\n" + child.1 + "<").utf8)
        var cut = limit
        while cut > 0, !bytes[cut...].starts(with: marker) { cut -= 1 }
        guard cut > 0 else { return bytes }
        return Array(bytes[..<cut]) + Array("\n</\(root.1)>\n".utf8)
    }

    /// UTF-8 `bytes` in `encoding` by the system's iconv (not the
    /// library's), with an XML declaration that says so; `nil` when the
    /// encoding cannot hold them.
    static func transcoded(_ bytes: [UInt8], to encoding: String) -> [UInt8]? {
        var text = String(decoding: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes, as: UTF8.self)
        if text.hasPrefix("<?xml"), let close = text.range(of: "?>") {
            var declaration = String(text[..<close.lowerBound])
            if let label = declaration.range(of: #"encoding\s*=\s*["'][^"']*["']"#, options: .regularExpression) {
                declaration.replaceSubrange(label, with: "encoding=\"\(encoding)\"")
            } else {
                declaration += " encoding=\"\(encoding)\""
            }
            text = declaration + text[close.lowerBound...]
        } else {
            text = "<?xml version=\"1.0\" encoding=\"\(encoding)\"?>\n" + text
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/iconv")
        process.arguments = ["-f", "UTF-8", "-t", encoding]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        input.fileHandleForWriting.write(Data(text.utf8))
        try? input.fileHandleForWriting.close()
        let result = [UInt8](output.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
        return process.terminationStatus == 0 ? result : nil
    }

    static let samples: [Sample] = {
        let examples = ((try? FileManager.default.contentsOfDirectory(atPath: SharedData.packageRoot.path + "/Examples/documents")) ?? [])
            .filter { $0.hasSuffix(".xml") }.sorted()
            .compactMap { name in
                (try? Data(contentsOf: SharedData.packageRoot.appendingPathComponent("Examples/documents/\(name)"))).map { (name, [UInt8]($0)) }
            }
        let bench = ((try? SharedData.files(in: "bench-data/xml")) ?? []).flatMap { slices(of: $0, count: 4) }
        let hostile = ((try? SharedData.files(in: "conformance/xml-hostile")) ?? []).filter { $0.pathExtension == "xml" }
            .compactMap { url in (try? Data(contentsOf: url)).map { (url.lastPathComponent, [UInt8]($0)) } }
        let utf8 = examples + bench
        var legacy: [(String, [UInt8])] = []
        for (name, bytes) in utf8 {
            for encoding in ["ISO-8859-1", "EUC-KR"] {
                if let converted = transcoded(bytes, to: encoding) { legacy.append(("\(name) in \(encoding)", converted)) }
            }
        }
        // The small documents also as docq loads them: comments and processing
        // instructions are then no nodes, and edits must keep them all the same.
        let plain = (examples + hostile).compactMap { sample($0.0 + " without comments", $0.1, options: LoadOptions()) }
        return (utf8 + hostile + legacy).compactMap { sample($0.0, $0.1) } + plain
    }()

    @Test func theCorporaAreThere() {
        let names = Self.samples.map(\.name)
        #expect(names.filter { $0.hasSuffix(".xml") && !$0.contains("#") }.count >= 6 + 20)
        #expect(names.filter { $0.hasSuffix(" without comments") }.count >= 6 + 20)
        #expect(names.filter { $0.contains("#") && !$0.contains(" in ") }.count >= 12)
        #expect(names.filter { $0.hasSuffix(" in ISO-8859-1") }.count >= 12)
        #expect(names.filter { $0.hasSuffix(" in EUC-KR") }.count >= 12)
        #expect(Self.samples.contains { $0.source.legacy?.encoding.label.uppercased() == "EUC-KR" && $0.name == "euc-kr.xml" })
    }

    // MARK: The edits

    /// Values to write, with the text each reads back as.
    static let values: [(EditValue, String)] = [
        ("2.0", "2.0"),
        ("é & <x> \"q\" 'a' ]]>", "é & <x> \"q\" 'a' ]]>"),
        ("中文 한국어 ü", "中文 한국어 ü"),
        ("", ""),
        ("a\nb\tc\r\nd", "a\nb\tc\r\nd"),
        ("  padded  ", "  padded  "),
        (7, "7"),
        (true, "true"),
        (nil, ""),
    ]

    /// Edits verified, and how many of them also streamed.
    var verified = 0
    var streamed = 0

    @Test mutating func tenThousandRandomEdits() throws {
        let wanted = ProcessInfo.processInfo.environment["DOCQUERY_XML_EDITS"].flatMap { Int($0) } ?? 10_000
        var generator = SplitMix64(seed: 0x18_3)
        let samples = Self.samples
        try #require(!samples.isEmpty)
        var checked = 0
        var attempts = 0
        var failures = 0
        var byOperation: [String: Int] = [:]
        while checked < wanted, attempts < wanted * 4, failures < 20 {
            attempts += 1
            let sample = samples[Int.random(in: 0..<samples.count, using: &generator)]
            switch try check(sample, &generator) {
            case .skipped: continue
            case .passed(let operation):
                checked += 1
                byOperation[operation, default: 0] += 1
            case .failed:
                checked += 1
                failures += 1
            }
        }
        #expect(checked == wanted, "only \(checked) of \(attempts) attempts applied")
        #expect(byOperation.count >= 9, "\(byOperation)")
        #expect(byOperation.values.allSatisfy { $0 >= wanted / 50 }, "\(byOperation)")
        #expect(streamed >= wanted * 95 / 100, "only \(streamed) of \(wanted) edits streamed")
    }

    /// Two or three edits on targets apart from each other, as one
    /// transaction: each applies as it would alone.
    @Test mutating func twoThousandTransactions() throws {
        var generator = SplitMix64(seed: 0x18_4)
        let samples = Self.samples.filter { $0.targets.count >= 6 }
        var checked = 0
        var attempts = 0
        var failures = 0
        while checked < 2_000, attempts < 20_000, failures < 20 {
            attempts += 1
            let sample = samples[Int.random(in: 0..<samples.count, using: &generator)]
            var planned: [Planned] = []
            for _ in 0..<Int.random(in: 2...3, using: &generator) {
                guard let next = plan(sample, &generator) else { continue }
                // Apart: regions neither touching nor overlapping.
                if planned.allSatisfy({ next.region.lowerBound > $0.region.upperBound || next.region.upperBound < $0.region.lowerBound }) {
                    planned.append(next)
                }
            }
            guard planned.count >= 2 else { continue }
            checked += 1
            if try !verify(sample, planned) { failures += 1 }
        }
        #expect(checked == 2_000, "only \(checked) of \(attempts) attempts applied")
        #expect(streamed == 2_000, "only \(streamed) of 2,000 transactions streamed")
    }

    enum Outcome { case skipped, passed(String), failed }

    /// One random edit on `sample`, checked.
    mutating func check(_ sample: Sample, _ generator: inout SplitMix64) throws -> Outcome {
        guard let planned = plan(sample, &generator) else { return .skipped }
        return try verify(sample, [planned]) ? .passed(planned.operation) : .failed
    }

    /// An edit drawn at random, with what the model expects of it.
    struct Planned {
        let edit: Edit
        let path: String
        let operation: String
        /// The target node: models change in reverse document order, so
        /// each edit's route still holds when its change is made.
        let index: UInt32
        /// The bytes the edit may change (offsets of the source's text).
        let region: Range<Int>
        let change: (inout Element) -> Void
    }

    /// A random edit of a random target of `sample`, or `nil` when the draw
    /// is not one to make (a root removed, text beside layout alone).
    func plan(_ sample: Sample, _ generator: inout SplitMix64) -> Planned? {
        let (index, path, route, isAttribute) = sample.targets[Int.random(in: 0..<sample.targets.count, using: &generator)]
        let (value, valueText) = Self.values[Int.random(in: 0..<Self.values.count, using: &generator)]
        let fresh = "new\(Int.random(in: 0..<1_000_000, using: &generator))"
        let spans = sample.spans
        let span = spans.range(index)
        var original = sample.model
        let change: (inout Element) -> Void
        let edit: Edit
        let region: Range<Int>
        let operation: String
        if isAttribute {
            let element = route.dropLast()
            let position = route.last!
            switch Int.random(in: 0..<3, using: &generator) {
            case 0:
                edit = .set(path, to: value)
                change = { model in model.change(element[...]) { $0.attributes[position].value = valueText } }
                (region, operation) = (span, "set attribute")
            case 1:
                edit = .remove(path)
                change = { model in model.change(element[...]) { $0.attributes.remove(at: position) } }
                (region, operation) = (widened(span, in: sample.source.text), "remove attribute")
            default:
                edit = .rename(path, to: fresh)
                change = { model in model.change(element[...]) { $0.attributes[position].name = fresh } }
                (region, operation) = (span, "rename attribute")
            }
        } else {
            var target = Element(name: "")
            original.change(route[...]) { target = $0 }
            let isRoot = route.count == 1
            var parent = Element(name: "")
            original.change(route.dropLast()[...]) { parent = $0 }
            let position = route.last!
            let key = Bool.random(using: &generator) ? fresh : nil
            switch Int.random(in: 0..<7, using: &generator) {
            case 0:
                // Element text: set (the empty value removes it).
                // A comment or processing instruction the load dropped is still in the bytes, and a set refuses it.
                let written = sample.source.text[span]
                guard target.holdsTextAlone, written.firstRange(of: Array("<!--".utf8)) == nil, written.firstRange(of: Array("<?".utf8)) == nil
                else { return nil }
                edit = .set(path, to: value)
                change = { model in model.change(route[...]) { $0.children = [.text(valueText, cdata: false)] } }
                (region, operation) = (span, "set element text")
            case 1:
                guard !isRoot else { return nil }
                edit = .remove(path)
                change = { model in model.change(route.dropLast()[...]) { $0.children.remove(at: position) } }
                (region, operation) = (widened(span, in: sample.source.text), "remove element")
            case 2:
                edit = .rename(path, to: fresh)
                change = { model in model.change(route[...]) { $0.name = fresh } }
                (region, operation) = (span, "rename element")
            case 3:
                // A child element, or text (which in an element of layout
                // white space alone would turn that layout into content).
                guard key != nil || target.hasRealText || !target.hasElementChildren else { return nil }
                let elements = target.elementPositions
                let at = key == nil ? nil : Bool.random(using: &generator) ? nil : Int.random(in: 0...elements.count, using: &generator)
                edit = .insert(value, into: path, key: key, at: at)
                let item = key.map { Item.element(Element(name: $0, children: [.text(valueText, cdata: false)])) } ?? .text(valueText, cdata: false)
                let slot: Int
                if key == nil {
                    slot = target.children.count  // text goes at the end of the content
                } else if let at, at < elements.count {
                    slot = elements[at]
                } else if let last = elements.last {
                    // The model's children are the node's, in order.
                    let lastIndex = Array(sample.editor.document.node(at: index).children)[last].index
                    slot = after(last, in: target, spans.range(lastIndex), sample.source.text)
                } else {
                    slot = target.children.count
                }
                change = { model in model.change(route[...]) { $0.children.insert(item, at: slot) } }
                (region, operation) = (span, key == nil ? "insert text" : "insert element")
            case 4:
                edit = .insert(value, into: path, key: "@" + fresh)
                change = { model in model.change(route[...]) { $0.attributes.append((fresh, valueText)) } }
                (region, operation) = (span, "insert attribute")
            default:
                guard !isRoot, key != nil || parent.hasRealText else { return nil }
                let after = Bool.random(using: &generator)
                edit = after ? .insert(value, after: path, key: key) : .insert(value, before: path, key: key)
                let item = key.map { Item.element(Element(name: $0, children: [.text(valueText, cdata: false)])) } ?? .text(valueText, cdata: false)
                let slot = after ? key == nil ? position + 1 : self.after(position, in: parent, span, sample.source.text) : position
                change = { model in model.change(route.dropLast()[...]) { $0.children.insert(item, at: slot) } }
                (region, operation) = (widened(span, in: sample.source.text), after ? "insert after" : "insert before")
            }
        }
        return Planned(edit: edit, path: path, operation: operation, index: index, region: region, change: change)
    }

    /// Applies `planned` as one transaction and checks the result; `false`
    /// (with the issue recorded) when it does not hold.
    mutating func verify(_ sample: Sample, _ planned: [Planned]) throws -> Bool {
        var expected = sample.model
        for each in planned.sorted(by: { $0.index > $1.index }) { each.change(&expected) }
        let operation = planned.map { "\($0.operation) \($0.path)" }.joined(separator: ", ")
        let regions = planned.map(\.region).sorted { $0.lowerBound < $1.lowerBound }
        let output: DocumentEditor
        do {
            output = try sample.editor.applying(planned.map(\.edit))
        } catch {
            Issue.record("\(sample.name): \(operation) failed: \(error)")
            return false
        }
        // The same bytes at any size: read in chunks, the streamed editor writes them too.
        if try EditDifferentialTests.streamsTheSame(
            planned.map(\.edit), sample.editor.bytes, output.bytes, options: sample.options, chunk: [1, 7, 4096][verified % 3]) {
            streamed += 1
        }
        verified += 1
        let got = Element(output.document.node(at: 0)).normalized
        let want = expected.normalized
        guard got == want else {
            Issue.record("\(sample.name): \(operation): the tree differs\n\(String(decoding: output.bytes, as: UTF8.self))")
            return false
        }
        // Outside the edited node (and the white space around it) the text is
        // the input's (a UTF-8 byte order mark included), and the bytes are
        // in the input's encoding.
        let input = sample.source.prefix + sample.source.text
        let out: [UInt8]
        if let legacy = sample.source.legacy {
            let reread = try EditableSource(bytes: output.bytes, options: sample.options)
            #expect(reread.legacy?.encoding.label == legacy.encoding.label, "\(sample.name): \(operation)")
            out = reread.prefix + reread.text
        } else {
            out = output.bytes
        }
        let shifted = regions.map { ($0.lowerBound + sample.source.prefix.count)..<($0.upperBound + sample.source.prefix.count) }
        guard Self.changesOnlyInside(shifted, input, out) else {
            Issue.record("\(sample.name): \(operation): changed bytes outside \(shifted)\n\(String(decoding: out, as: UTF8.self))")
            return false
        }
        if let original = sample.source.legacy?.original {
            // In the document's own encoding, at most the bytes from the
            // first region to the last change (the text between them was
            // checked above): as many as in UTF-8, or twice as many in UTF-16.
            let factor = sample.source.legacy!.encoding.label.contains("16") ? 2 : 1
            let (rawPrefix, rawSuffix) = Self.common(original, output.bytes)
            #expect(rawPrefix + rawSuffix >= original.count - factor * (regions.last!.upperBound - regions.first!.lowerBound) || min(rawPrefix, rawSuffix) == min(original.count, output.bytes.count),
                    "\(sample.name): \(operation)")
        }
        return true
    }

    /// How many bytes `a` and `b` share at their start and at their end.
    static func common(_ a: [UInt8], _ b: [UInt8]) -> (prefix: Int, suffix: Int) {
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                let shortest = min(a.count, b.count)
                var prefix = 0
                while prefix < shortest, a[prefix] == b[prefix] { prefix += 1 }
                var suffix = 0
                while suffix < shortest, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
                return (prefix, suffix)
            }
        }
    }

    /// Whether `output` is `input` with at most the bytes in `regions`
    /// (in order, apart) replaced: the bytes before the first and after the
    /// last are the input's, and those between two regions stand, in
    /// order, in what lies between.
    static func changesOnlyInside(_ regions: [Range<Int>], _ input: [UInt8], _ output: [UInt8]) -> Bool {
        let (prefix, suffix) = common(input, output)
        let shortest = min(input.count, output.count)
        guard prefix >= regions.first!.lowerBound || prefix == shortest,
            suffix >= input.count - regions.last!.upperBound || suffix == shortest
        else { return false }
        var position = min(prefix, regions.first!.lowerBound)
        let limit = output.count - min(suffix, input.count - regions.last!.upperBound)
        for (left, right) in zip(regions, regions.dropFirst()) {
            guard let found = output[min(position, limit)..<limit].firstRange(of: input[left.upperBound..<right.lowerBound]) else { return false }
            position = found.upperBound
        }
        return true
    }

    /// Where a new element goes after child `position` of `parent`, whose
    /// span is `span`: just after it, or, when it stands alone on its line
    /// and only comments follow it there, after those comments.
    func after(_ position: Int, in parent: Element, _ span: Range<Int>, _ text: [UInt8]) -> Int {
        var lineStart = span.lowerBound
        while lineStart > 0, text[lineStart - 1] == 0x20 || text[lineStart - 1] == 0x09 { lineStart -= 1 }
        guard lineStart == 0 || text[lineStart - 1] == 0x0A || text[lineStart - 1] == 0x0D else { return position + 1 }
        // The comments on the rest of the line, if nothing else stands there.
        let rest = text[span.upperBound...].prefix { $0 != 0x0A && $0 != 0x0D }
        var comments = 0
        var remaining = String(decoding: rest, as: UTF8.self)
        while true {
            remaining = String(remaining.drop { $0 == " " || $0 == "\t" })
            guard remaining.hasPrefix("<!--"), let close = remaining.range(of: "-->") else { break }
            comments += 1
            remaining = String(remaining[close.upperBound...])
        }
        guard remaining.isEmpty else { return position + 1 }
        var slot = position + 1
        while comments > 0, slot < parent.children.count {
            switch parent.children[slot] {
            case .comment: comments -= 1
            case .text(let text, _) where Element.isBlank(text): break
            default: return position + 1
            }
            slot += 1
        }
        return slot
    }

    /// `span` with the white space on both sides, and comments on the same
    /// line after it, which a removal or a new sibling on a line of its own
    /// may take or pass.
    func widened(_ span: Range<Int>, in text: [UInt8]) -> Range<Int> {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        var lower = span.lowerBound
        while lower > 0, isSpace(text[lower - 1]) { lower -= 1 }
        var upper = span.upperBound
        while true {
            while upper < text.count, isSpace(text[upper]) { upper += 1 }
            guard text[upper...].starts(with: "<!--".utf8), let close = text[upper...].firstRange(of: Array("-->".utf8)) else { break }
            upper = close.upperBound
        }
        return lower..<upper
    }
}
