import DocTree

/// Turns a transaction of ``Edit``s on a JSON document into patches over
/// its bytes.
///
/// Every path is evaluated on the original document, so no edit sees
/// another's result. Sets and renames patch their node's or key's span at
/// once; removals and insertions are gathered per container first, since
/// their commas depend on each other, and patched at the end.
///
/// Not copyable: a plan is built where it is used and never copied (built
/// as a temporary and copied out, it cost 330 instructions a plan, 1.6% of
/// a JSON Lines edit, which plans once a record).
struct JSONEditPlan: ~Copyable {
    let source: JSONSource
    /// The document's layout, learnt when first needed: a scalar set, a
    /// removal and a rename need none.
    private var knownLayout: JSONLayout?
    private var patches = Patches()
    /// Per container: the children removed, and the edit that removed each.
    private var removals: [UInt32: [UInt32: Int]] = [:]
    /// Per container and child position: what goes there, in edit order.
    private var insertions: [Slot: [NewItem]] = [:]
    private var slotOrder: [Slot] = []
    /// The children of each container asked about, listed once: an edit
    /// with a target in each of many children (an insert beside each
    /// element) asks about their container each time. `nil` until then
    /// (an empty dictionary is retained and released with every plan,
    /// 0.4% of a JSON Lines edit's instructions).
    private var listed: [UInt32: [UInt32]]?
    /// The edits that created members.
    private var creators: Set<Int> = []
    /// The array whose removed elements a ``SpreadRemovals`` writes.
    private var apart: UInt32?
    /// What the whole array that `apart` is a batch of says to inserts
    /// (one reference: a plan of a whole document, one per JSON Lines
    /// record, copies and frees it as `nil`).
    private var spread: SpreadArray?
    /// Whether the plan read its layout: one that did not makes the same
    /// patches under every layout.
    private var readsLayout = false

    struct Slot: Hashable {
        var container: UInt32
        var index: Int
    }

    struct NewItem {
        var key: String?
        var value: EditValue.Content
        var edit: Int
        /// Made by a `set` on a missing path, so a later one may merge into it.
        var created: Bool
    }

    /// What the whole of a spread array says to new elements inserted
    /// beside those of one batch of it (the part's root array), where the
    /// batch alone would say otherwise; one for the array, its batches
    /// planned in turn.
    final class SpreadArray {
        /// What the separator rule reads in the whole array (which an
        /// earlier batch may hold): the gap between its first two elements,
        /// or, when it has one, what goes between its bracket and it.
        let separatorGap: [UInt8]
        /// Whether the array has one element.
        let isLone: Bool
        /// Whether elements follow the batch's last: new elements after it
        /// then go before the next batch's first, as the whole array has them.
        var continues = true
        /// New elements that go before the batch's first: those the batch
        /// before put after its last.
        var carriedIn: [NewItem] = []
        /// New elements the batch puts after its last, for the next.
        var carriedOut: [NewItem] = []

        init(separatorGap: [UInt8], isLone: Bool) {
            self.separatorGap = separatorGap
            self.isLone = isLone
        }
    }

    // Inlined: out of line, the plan was built in a temporary and copied
    // out, once per record of a JSON Lines edit.
    @inline(__always)
    init(_ source: JSONSource, layout: JSONLayout? = nil) {
        self.source = source
        self.knownLayout = layout
    }

    private var layout: JSONLayout {
        mutating get {
            readsLayout = true
            if let knownLayout { return knownLayout }
            let layout = JSONLayout(source)
            knownLayout = layout
            return layout
        }
    }

    /// The patches that make the edits, and what they do. With `creating`
    /// false, a keys-only `set` that matches nothing is a miss, as any other
    /// edit's.
    static func patches(for edits: [Edit], in source: JSONSource, creating: Bool = true) throws -> (Patches, EditSummary) {
        var plan = JSONEditPlan(source)
        var matches: [Int] = []
        matches.reserveCapacity(edits.count)
        // By index: each edit is borrowed from the array, not copied (a JSON Lines edit plans once per record).
        for number in edits.indices { matches.append(try plan.add(edits[number], number: number, creating: creating)) }
        let patches = try plan.finished(edits)
        return (patches, EditSummary(edits, matches: matches, creating: plan.creators))
    }

    /// The patches that make the edits in one part of a larger document
    /// (a streamed edit's candidate), laid out as that document is, with
    /// how many nodes each edit matched and whether the patches depend on
    /// `layout` (when not, they are the same under any). An edit that
    /// matches nothing here is no error (it may match elsewhere) and creates nothing.
    ///
    /// With `elements`, the part is a batch of a spread array's elements
    /// (the part's root array): their removals span batches, so `elements`
    /// decides which bytes go (``SpreadRemovals``) and its drops join the
    /// patches before they are checked for conflicts; `array` says what the
    /// whole array says to inserts beside its elements, and takes the new
    /// elements after the batch's last (``SpreadArray/carriedOut``).
    ///
    /// With `rebased`, the root is an array of a spread array's elements and
    /// the edits' positions are rebased to it
    /// (``JSONStreamedTransaction/parts(forElements:among:picked:)``): an
    /// edit whose first step names none of them matches nothing, and is not
    /// evaluated.
    static func patches(
        for edits: [Edit], inPart source: JSONSource, layout: JSONLayout, elements: SpreadRemovals.Batch? = nil,
        array: SpreadArray? = nil, rebased: Bool = false
    ) throws -> (Patches, matches: [Int], readsLayout: Bool) {
        var plan = JSONEditPlan(source, layout: layout)
        plan.apart = elements.map { _ in source.document.root.index }
        plan.spread = array
        array?.carriedOut = []
        if let array, !array.carriedIn.isEmpty {
            plan.slotOrder.append(Slot(container: source.document.root.index, index: 0))
            plan.insertions[plan.slotOrder[0]] = array.carriedIn
        }
        var matches: [Int] = []
        let count = rebased ? source.children(of: source.document.root.index).count : 0
        for (number, edit) in edits.enumerated() {
            if rebased, let first = edit.query?.steps.first, JSONStreamedTransaction.namesNoElement(first, of: count) {
                matches.append(0)
                continue
            }
            matches.append(try plan.add(edit, number: number, inPart: true))
        }
        if let elements, let apart = plan.apart {
            let removed = plan.removals.removeValue(forKey: apart) ?? [:]
            let children = source.children(of: apart)
            for drop in elements.drops(LoadedElements(children: children, container: apart, source: source), { removed[children[$0]] }) {
                plan.patches.add(drop.range, [], edit: drop.edit)
            }
        }
        let patches = try plan.finished(edits)
        return (patches, matches, plan.readsLayout)
    }

    private mutating func finished(_ edits: [Edit]) throws -> Patches {
        try finish(edits)
        if let (a, b) = patches.firstConflict() {
            throw Self.conflict(edits[min(a.edit, b.edit)], edits[max(a.edit, b.edit)], same: a.edit == b.edit)
        }
        return patches
    }

    // MARK: Adding edits

    /// Adds `edit`; returns how many nodes it matched. A miss creates what
    /// a keys-only `set` names, or with `creating` false is an error; in a
    /// part (`inPart`) a miss is no error.
    private mutating func add(_ edit: Edit, number: Int, creating: Bool = true, inPart: Bool = false) throws -> Int {
        let (targets, query, miss) = try edit.targets(in: source.document)
        if targets.isEmpty {
            if inPart { return 0 }
            if creating, case .set(let value) = edit.operation, let keys = query.keyChain {
                try create(keys.map { String(decoding: $0, as: UTF8.self) }, value.content, edit: edit, number: number)
                creators.insert(number)
                return 0
            }
            throw EditFailure.noMatch(edit, miss?.explanation)
        }
        if inPart, targets.contains(source.document.root.index), Self.needsContainer(edit.operation) {
            // The part's own value sits in a container the part does not hold.
            throw QueryError(
                .notStreamable,
                "'\(edit.path)' selects the values its leading steps reach themselves, and this edit changes their containers; "
                    + "edit without streaming", path: edit.path, range: 0..<edit.path.count)
        }
        for target in targets {
            switch edit.operation {
            case .set(let value): try set(target, value.content, edit: edit, number: number)
            case .remove: try remove(target, edit: edit, number: number)
            case .rename(let name): try rename(target, name, edit: edit, number: number)
            case .insert(let value, let key, let place): try insert(value.content, key: key, place, target, edit: edit, number: number)
            }
        }
        return targets.count
    }

    /// Whether `operation` edits the container of what it matches.
    private static func needsContainer(_ operation: Edit.Operation) -> Bool {
        switch operation {
        case .remove, .rename: true
        case .insert(_, _, let place): place == .before || place == .after
        case .set: false
        }
    }

    private mutating func set(_ target: UInt32, _ value: EditValue.Content, edit: Edit, number: Int) throws {
        guard target != 0 else { throw EditFailure.invalid(edit, "the document node cannot be replaced") }
        let start = source.start(target)
        if source.holds(value, at: target) {
            // The value is already there: its bytes (escapes, spacing) stay,
            // and the patch still claims them against other edits.
            patches.add(start..<source.end(target), source.text[start..<source.end(target)], edit: number)
            return
        }
        guard value.isNonEmptyContainer else {
            patches.add(start..<source.end(target), JSONLayout.compactBytes(value), edit: number)
            return
        }
        let parent = source.parent(of: target)
        let pretty = parent == 0 ? layout.unit != nil : source.isMultiline(parent) ?? false
        let text = layout.render(value, indent: source.lineIndent(at: start), pretty: pretty)
        patches.add(start..<source.end(target), text.utf8, edit: number)
    }

    private mutating func remove(_ target: UInt32, edit: Edit, number: Int) throws {
        let parent = source.parent(of: target)
        guard parent != 0 else { throw EditFailure.rootRemoval(edit) }
        removals[parent, default: [:]][target] = number
    }

    private mutating func rename(_ target: UInt32, _ name: String, edit: Edit, number: Int) throws {
        guard let keyStart = source.keyStart(target) else {
            throw EditFailure.invalid(edit, "it matches \(describe(target)), which has no key to rename")
        }
        let parent = source.parent(of: target)
        if member(named: name, in: parent, except: target) != nil {
            throw EditFailure.invalid(edit, "the object already has a member named \(JSONWriter.quoted(name))")
        }
        patches.add(keyStart..<source.keyEnd(target), JSONWriter.quoted(name).utf8, edit: number)
    }

    private mutating func insert(
        _ value: EditValue.Content, key: String?, _ place: Edit.Place, _ target: UInt32, edit: Edit, number: Int
    ) throws {
        let container: UInt32
        let index: Int
        switch place {
        case .into(let at):
            guard source.kind(target) == .object || source.kind(target) == .array else {
                throw EditFailure.cannotInsert(edit, into: source.kind(target))
            }
            container = target
            let count = children(of: target).count
            let wanted = at ?? count
            let resolved = wanted < 0 ? count + wanted : wanted
            guard (0...count).contains(resolved) else {
                throw EditFailure.invalid(edit, "index \(wanted) is outside the \(count) children of \(describe(target))")
            }
            index = resolved
        case .before, .after:
            container = source.parent(of: target)
            guard container != 0 else { throw EditFailure.invalid(edit, "the root has no container to insert into") }
            let position = children(of: container).ordinal(of: target)
            index = place == .before ? position : position + 1
        }
        if source.kind(container) == .object {
            guard let key else { throw EditFailure.invalid(edit, "inserting into an object needs the new member's key") }
            if member(named: key, in: container) != nil {
                throw EditFailure.memberTaken(edit, key)
            }
        } else if key != nil {
            throw EditFailure.cannotInsert(edit, into: .array)
        }
        add(NewItem(key: key, value: value, edit: number, created: false), at: Slot(container: container, index: index))
    }

    /// Creates the members of a keys-only path that are missing, as jq's
    /// `setpath` does: the deepest object that exists gets one new member
    /// holding the rest as nested objects.
    private mutating func create(_ keys: [String], _ value: EditValue.Content, edit: Edit, number: Int) throws {
        var current = source.document.root.index
        for (depth, key) in keys.enumerated() {
            guard source.kind(current) == .object else {
                throw EditFailure.cannotCreate(edit, keys, below: depth, in: source.kind(current))
            }
            if let child = member(named: key, in: current) {
                current = child
                continue
            }
            let nested = keys[(depth + 1)...].reversed().reduce(value) { inner, key in
                .object([EditValue.Member(key: key, value: inner)])
            }
            let slot = Slot(container: current, index: children(of: current).count)
            if let k = insertions[slot]?.firstIndex(where: { $0.created && $0.key == key }) {
                guard let merged = Self.merge(insertions[slot]![k].value, nested) else {
                    throw EditFailure.conflict(edit, "another edit creates the same value")
                }
                insertions[slot]![k].value = merged
            } else {
                add(NewItem(key: key, value: nested, edit: number, created: true), at: slot)
            }
            return
        }
        preconditionFailure("a keys-only path that matched nothing has a missing key")
    }

    /// Two created values for one new member, merged where both are objects
    /// made of distinct keys; `nil` when they set the same value twice.
    private static func merge(_ a: EditValue.Content, _ b: EditValue.Content) -> EditValue.Content? {
        guard case .object(var members) = a, case .object(let more) = b else { return nil }
        for member in more {
            if let k = members.firstIndex(where: { $0.key == member.key }) {
                guard let merged = merge(members[k].value, member.value) else { return nil }
                members[k].value = merged
            } else {
                members.append(member)
            }
        }
        return .object(members)
    }

    private mutating func add(_ item: NewItem, at slot: Slot) {
        if insertions[slot] == nil { slotOrder.append(slot) }
        insertions[slot, default: []].append(item)
    }

    // MARK: Writing removals and insertions

    private mutating func finish(_ edits: [Edit]) throws {
        for (container, removed) in removals {
            let children = children(of: container)
            if removed.count == children.count {
                if let slot = slotOrder.first(where: { $0.container == container }) {
                    throw Self.conflict(edits[removed.values.min()!], edits[insertions[slot]![0].edit], same: false)
                }
                for (range, child) in source.removalsAtEnd(children, from: 0, in: container) {
                    patches.add(range, [], edit: removed[child]!)
                }
                continue
            }
            var k = 0
            while k < children.count {
                guard let number = removed[children[k]] else { k += 1; continue }
                var last = k
                while last + 1 < children.count, removed[children[last + 1]] != nil { last += 1 }
                if last + 1 < children.count {
                    // Up to the next survivor: this run's lines and commas (JSONGaps).
                    for child in children[k...last] {
                        patches.add(source.removalBeforeSurvivor(child), [], edit: removed[child]!)
                    }
                } else {
                    // The run ends the container: from the survivor before it.
                    for (range, child) in source.removalsAtEnd(children, from: k, in: container) {
                        patches.add(range, [], edit: removed[child] ?? number)
                    }
                }
                k = last + 1
            }
        }
        for slot in slotOrder { insert(insertions[slot]!, at: slot) }
    }

    private mutating func insert(_ items: [NewItem], at slot: Slot) {
        let container = slot.container
        let children = children(of: container)
        let spread = container == source.document.root.index ? self.spread : nil
        if let spread, slot.index == children.count, spread.continues {
            spread.carriedOut += items
            return
        }
        // Carried from an earlier batch, they come first; the whole array
        // has each slot's items in edit order.
        var items = items
        if slot.index == 0, let spread, !spread.carriedIn.isEmpty {
            items = items.enumerated().sorted { ($0.element.edit, $0.offset) < ($1.element.edit, $1.offset) }.map(\.element)
        }
        let number = items[0].edit
        guard !children.isEmpty else {
            let indent = source.lineIndent(at: source.start(container))
            // The document's trailing-comma style, learnt here only when needed (JSONGaps).
            let trailingComma = layout.unit != nil && (layout.trailingComma ?? false)
            let body = Self.firstItems(items.map { ($0.key, $0.value) }, indent: indent, layout: layout, trailingComma: trailingComma)
            if let point = source.firstChildPoint(in: container) {
                // Comments inside stay, after the new children.
                let kept = layout.unit != nil ? String(body.dropLast(layout.newline.count + indent.count)) : body
                patches.add(point..<point, kept.utf8, edit: number)
            } else {
                patches.add((source.start(container) + 1)..<(source.end(container) - 1), body.utf8, edit: number)
            }
            return
        }
        // What follows a comma here: the gap between the first two children,
        // or the one before the only child (of the whole array, for a batch).
        let (gap, isLone) = spread.map { ($0.separatorGap[...], $0.isLone) } ?? (children.count >= 2
            ? (source.text[source.end(children[0])..<source.slotStart(children[1])], false)
            : (source.text[(source.start(container) + 1)..<source.slotStart(children[0])], true))
        let separator = isLone ? Self.separator(lead: gap, layout: layout) : Self.separator(inGap: gap)
        if slot.index == children.count {
            let text = Self.appended(items.map { ($0.key, $0.value) }, separator: separator, layout: layout)
            // After the last child's line comment, before the closing comments (JSONGaps).
            let point = source.appendPoint(after: children[children.count - 1])
            if point.trailingComma {
                patches.add(point.at..<point.at, (text.dropFirst() + ",").utf8, edit: number)
            } else if let comma = point.comma, comma != point.at {
                patches.add(comma..<comma, ",".utf8, edit: number)
                patches.add(point.at..<point.at, text.dropFirst().utf8, edit: number)
            } else {
                patches.add(point.at..<point.at, text.utf8, edit: number)
            }
        } else {
            let (indent, pretty) = Self.placement(separator)
            let texts = items.map { text(of: $0, indent: indent, pretty: pretty) }
            let inserted = texts.map { $0 + "," + separator }.joined()
            let anchor = source.insertionPoint(before: slot.index, of: children, in: container)
            patches.add(anchor..<anchor, inserted.utf8, edit: number)
        }
    }

    /// The first member of the object at `object` named `key` (by bytes)
    /// other than `except`, by the one member lookup (indexed for a wide
    /// object); `nil` when there is none.
    private func member(named key: String, in object: UInt32, except: UInt32? = nil) -> UInt32? {
        guard let id = source.document.table.names.id(of: key) else { return nil }
        var found: UInt32?
        source.document.forEachMember(of: object, named: id) { member in
            if member != except { found = member }
            return found == nil
        }
        return found
    }

    /// The children of `container`, in order, listed once per plan.
    private mutating func children(of container: UInt32) -> [UInt32] {
        if let children = listed?[container] { return children }
        let children = source.children(of: container)
        if listed == nil { listed = [:] }
        listed![container] = children
        return children
    }

    private mutating func text(of item: NewItem, indent: String, pretty: Bool) -> String {
        Self.text(item.key, item.value, indent: indent, pretty: pretty, layout: layout)
    }

    private static func text(_ key: String?, _ value: EditValue.Content, indent: String, pretty: Bool, layout: JSONLayout) -> String {
        if let key { return layout.member(key, value, indent: indent, pretty: pretty) }
        return layout.render(value, indent: indent, pretty: pretty)
    }

    // MARK: The separator rule (shared with the streamed append)

    /// What follows the comma in `gap`, the bytes between two children:
    /// the white space before the second, past the comma and any comment.
    static func separator(inGap gap: ArraySlice<UInt8>) -> String {
        String(decoding: blankEnd(of: gap), as: UTF8.self)
    }

    /// What a container with one child puts after a comma: the white space
    /// between its opening bracket (or the comments after it) and that
    /// child, or the layout's spacing when there is none.
    static func separator(lead: ArraySlice<UInt8>, layout: JSONLayout) -> String {
        let blank = blankEnd(of: lead)
        return blank.isEmpty ? layout.afterComma : String(decoding: blank, as: UTF8.self)
    }

    /// The white space that ends `gap`.
    private static func blankEnd(of gap: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        gap[(gap.lastIndex { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }.map { $0 + 1 } ?? gap.startIndex)...]
    }

    /// The indentation new items take after `separator`, and whether they
    /// are laid out on lines of their own.
    static func placement(_ separator: String) -> (indent: String, pretty: Bool) {
        (separator.split(separator: "\n", omittingEmptySubsequences: false).last.map(String.init) ?? "", separator.contains("\n"))
    }

    /// What goes between the brackets of an empty container whose line is
    /// indented by `indent`: the items, each on a line of its own one unit
    /// deeper in a pretty document.
    /// With `trailingComma`, the last item takes one (``JSONLayout/trailingComma``).
    static func firstItems(
        _ items: [(key: String?, value: EditValue.Content)], indent: String, layout: JSONLayout, trailingComma: Bool = false
    ) -> String {
        let pretty = layout.unit != nil
        let inner = pretty ? indent + layout.unit! : indent
        let texts = items.map { text($0.key, $0.value, indent: inner, pretty: pretty, layout: layout) }
        return pretty
            ? layout.newline + inner + texts.joined(separator: "," + layout.newline + inner) + (trailingComma ? "," : "")
                + layout.newline + indent
            : texts.joined(separator: "," + layout.afterComma)
    }

    /// Items appended after a container's last child, each after a comma and `separator`.
    static func appended(_ items: [(key: String?, value: EditValue.Content)], separator: String, layout: JSONLayout) -> String {
        let (indent, pretty) = placement(separator)
        return items.map { "," + separator + text($0.key, $0.value, indent: indent, pretty: pretty, layout: layout) }.joined()
    }

    // MARK: Messages

    private func describe(_ i: UInt32) -> String {
        Self.describe(source.kind(i))
    }

    /// How messages name a value of `kind`: "an object", "a number" ….
    static func describe(_ kind: Node.Kind) -> String {
        switch kind {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .true, .false: "a Boolean"
        case .null: "null"
        case .document: "the document node"
        default: "a node"
        }
    }

    static func conflict(_ first: Edit, _ second: Edit, same: Bool) -> Error {
        same
            ? EditFailure.conflict(first, "it matches nodes that overlap (one holds another)")
            : EditFailure.conflict(second, "its target overlaps that of the edit of '\(first.path)'")
    }
}
