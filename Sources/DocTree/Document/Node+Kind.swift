extension Node {
    /// What a node is.
    ///
    /// JSON documents use ``object``, ``array``, ``string``, ``number``,
    /// ``true``, ``false`` and ``null``; XML documents use ``element``,
    /// ``attribute``, ``text`` and, when ``LoadOptions/keepsComments`` or
    /// ``LoadOptions/keepsProcessingInstructions`` ask for them, ``comment``
    /// and ``processingInstruction``. Every document has one ``document`` node
    /// at the top, whose child is the root value or root element.
    public enum Kind: UInt8, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        case document = 0
        case object, array, string, number, `true`, `false`, null
        case element, attribute, text, comment, processingInstruction

        /// Whether nodes of this kind have children: ``document``,
        /// ``object``, ``array`` and ``element``.
        @inlinable public var isContainer: Bool {
            // One bit per container kind's raw value, so the test is a shift
            // and a mask in the evaluator's inner loops.
            (0b1_0000_0111 as UInt16) &>> rawValue & 1 != 0
        }

        /// A lowercase name for messages and previews (`object`, `element`, …).
        public var description: String {
            switch self {
            case .document: "document"
            case .object: "object"
            case .array: "array"
            case .string: "string"
            case .number: "number"
            case .true: "true"
            case .false: "false"
            case .null: "null"
            case .element: "element"
            case .attribute: "attribute"
            case .text: "text"
            case .comment: "comment"
            case .processingInstruction: "processing instruction"
            }
        }
    }
}
