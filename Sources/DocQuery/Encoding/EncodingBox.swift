/// One value an encode is building. Containers hold boxes, so a nested
/// container or encoder fills its place after its parent has stored it.
/// Not Sendable: one encode runs on one thread.
final class EncodingBox {
    /// A keyed member: its name as written and whether XML writes it as an attribute.
    struct Slot {
        var name: String
        var isAttribute: Bool
        var box: EncodingBox
    }

    enum Value {
        /// Nothing encoded yet: written as an empty object (`{}`, an empty element).
        case empty
        case scalar(EditValue.Content)
        /// Members in the order first encoded, and each name's position.
        case keyed([Slot], [String: Int])
        case unkeyed([EncodingBox])
    }

    var value: Value = .empty

    /// Makes this box keyed, keeping the members of an earlier keyed container.
    func makeKeyed() {
        if case .keyed = value { return }
        value = .keyed([], [:])
    }

    /// Makes this box unkeyed, keeping the elements of an earlier unkeyed container.
    func makeUnkeyed() {
        if case .unkeyed = value { return }
        value = .unkeyed([])
    }

    /// The box of member `name`: a new one at the end, or the one an
    /// earlier encode of that name made, emptied (the last write wins, as
    /// in `JSONEncoder`).
    func member(_ name: String, isAttribute: Bool) -> EncodingBox {
        makeKeyed()
        guard case .keyed(var slots, var index) = value else { return self }
        value = .empty  // so the arrays are not copied on write
        let box = EncodingBox()
        if let position = index[name] {
            slots[position] = Slot(name: name, isAttribute: isAttribute, box: box)
        } else {
            index[name] = slots.count
            slots.append(Slot(name: name, isAttribute: isAttribute, box: box))
        }
        value = .keyed(slots, index)
        return box
    }

    /// A new box at the end of this unkeyed box.
    func appended() -> EncodingBox {
        makeUnkeyed()
        guard case .unkeyed(var elements) = value else { return self }
        value = .empty
        let box = EncodingBox()
        elements.append(box)
        value = .unkeyed(elements)
        return box
    }

    /// The number of elements of an unkeyed box (members of a keyed one).
    var count: Int {
        switch value {
        case .empty, .scalar: 0
        case .keyed(let slots, _): slots.count
        case .unkeyed(let elements): elements.count
        }
    }

    /// What was built, as an edit value's tree.
    var content: EditValue.Content {
        switch value {
        case .empty: .object([])
        case .scalar(let content): content
        case .keyed(let slots, _):
            .object(slots.map { EditValue.Member(key: $0.name, value: $0.box.content, isAttribute: $0.isAttribute) })
        case .unkeyed(let elements): .array(elements.map(\.content))
        }
    }
}
