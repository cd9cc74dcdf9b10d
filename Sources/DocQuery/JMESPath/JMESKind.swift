/// The raw ``Node/Kind-swift.enum`` values as literal constants, so the
/// evaluator's switches compare bytes without calling into DocTree (whose
/// accessors are not inlinable across modules). A test checks them against
/// `Node.Kind`.
enum JMESKind {
    static let document: UInt8 = 0
    static let object: UInt8 = 1
    static let array: UInt8 = 2
    static let string: UInt8 = 3
    static let number: UInt8 = 4
    static let `true`: UInt8 = 5
    static let `false`: UInt8 = 6
    static let null: UInt8 = 7
    static let element: UInt8 = 8
    static let attribute: UInt8 = 9
    static let text: UInt8 = 10
    static let comment: UInt8 = 11
    static let processingInstruction: UInt8 = 12
}

extension NodeRecord {
    /// XML element: whether it has text that is not only whitespace
    /// (``NodeRecord/Flags/hasText``, flag bit 2, header bit 6).
    @inline(__always) var hasOwnText: Bool { header & (1 << 6) != 0 }
}
