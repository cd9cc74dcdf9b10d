import ArgumentParser
import DocQuery
import DocTree
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What every edit command takes besides its own operands: the files, where
/// the result goes, further edits for the same transaction, and how to read
/// the input.
struct EditTargetOptions: ParsableArguments {
    @Flag(name: [.customShort("i"), .customLong("in-place")],
          help: "Write each result back to its file, atomically; without it, results go to standard output.")
    var inPlace = false

    @Option(name: .customLong("edits"),
            help: ArgumentHelp(
                "More edits for the same transaction, from a JSON file: an array of objects such as "
                    + #"{"set": "a.b", "value": 1}, {"set": "n", "expr": "@ + `1`"}, {"delete": "c"}, {"insert": "list", "value": 2, "key": "k", "at": 0}, {"insert": "list[0]", "value": 1, "after": true}, {"rename": "d", "to": "e"}."#,
                valueName: "file"))
    var editsFile: String?

    @Flag(help: """
        Never load a document whole: edit it while reading, or fail naming the step that needs it whole. \
        Edits that can stream do so without it.
        """)
    var stream = false

    @Option(name: .customLong("max-held"),
            help: ArgumentHelp(
                "With streaming, the most bytes of input one value held in memory may span (K, M, G suffixes: 64M); fail "
                    + "past it instead of growing. Held and edited, a value takes several times its bytes. Implies --stream.",
                valueName: "size"))
    var maxHeld: ByteSize?

    /// Whether the document may never be loaded whole.
    var streamOnly: Bool { stream || maxHeld != nil }

    @OptionGroup var input: InputOptions
    @OptionGroup var parameters: ParameterOptions
}

/// `docq set PATH VALUE [FILE…]`, or `docq set PATH --expr EXPR [FILE…]`.
struct SetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set", _superCommandName: "docq",
        abstract: "Set the value at PATH to VALUE, or to what EXPR computes from each match; missing keys of a keys-only path are created.",
        discussion: """
            Only the edited value changes; every other byte of the file stays as it was.
              docq set version 2.1 package.json
              docq set --json debug true -i settings.json
              docq set 'items[:].price' --expr '@ * `1.1`' prices.json
            """)

    @Argument(help: "The key path of the values to set.") var path: String
    @Argument(help: "The new value: text, or a JSON value with --json (none with --expr); one that begins with '-' goes after '--'.")
    var value: String?
    @Flag(name: .customLong("json"), help: "Read VALUE as a JSON value (3, true, null, {\"a\":1}) instead of text.")
    var json = false
    @Option(name: .customLong("expr"), help: ArgumentHelp(
        "Compute each match's value with a JMESPath (Community) expression: @ is the match, $ the document, "
            + "$NAME a value of --arg/--argjson, $ENV the environment. Arithmetic is exact.", valueName: "expr"))
    var expression: String?
    @Argument(help: ArgumentHelp("The documents to edit; none or - reads standard input.", valueName: "file"))
    var files: [String] = []
    @OptionGroup var target: EditTargetOptions

    func validate() throws {
        if expression != nil && json { throw ValidationError("--json reads VALUE, which --expr replaces") }
        if expression == nil && value == nil { throw ValidationError("Missing expected argument '<value>' (or --expr EXPR)") }
    }

    /// The operands before the files, for the hint that one of them is a file.
    var operands: KeyValuePairs<String, String> {
        expression != nil ? ["PATH": path] : ["PATH": path, "VALUE": value ?? ""]
    }

    /// The documents: with --expr, VALUE's place holds the first one.
    var inputFiles: [String] {
        expression != nil ? (value.map { [$0] } ?? []) + files : files
    }

    func edits() throws -> [Edit] {
        try CommandLineText.requireUTF8(["PATH": path, "VALUE": value ?? "", "--expr": expression ?? ""])
        if let expression {
            return [.set(path, computedBy: expression, parameters: try target.parameters.bindings(for: [path, expression]))]
        }
        return [.set(path, to: try EditRun.value(value ?? "", json: json), parameters: try target.parameters.bindings(for: [path]))]
    }
}

/// `docq delete PATH [FILE…]`.
struct DeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", _superCommandName: "docq",
        abstract: "Remove every member or element PATH matches, with its line and comma.")

    @Argument(help: "The key path of the values to remove.") var path: String
    @Argument(help: ArgumentHelp("The documents to edit; none or - reads standard input.", valueName: "file"))
    var files: [String] = []
    @OptionGroup var target: EditTargetOptions

    func edits() throws -> [Edit] {
        try CommandLineText.requireUTF8(["PATH": path])
        return [.remove(path, parameters: try target.parameters.bindings(for: [path]))]
    }
}

/// `docq insert PATH VALUE [FILE…]`.
struct InsertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "insert", _superCommandName: "docq",
        abstract: "Insert VALUE into each array or object PATH matches (or beside each match).",
        discussion: """
              docq insert tags '"new"' --json doc.json        append to an array
              docq insert owner admin --key role doc.json     add a member to an object
              docq insert 'items[0]' --json 7 --before doc.json
            """)

    @Argument(help: "The key path of the containers (or, with --before/--after, of the neighbours).") var path: String
    @Argument(help: "The value: text, or a JSON value with --json; one that begins with '-' goes after '--'.") var value: String
    @Flag(name: .customLong("json"), help: "Read VALUE as a JSON value instead of text.") var json = false
    @Option(name: .customLong("key"), help: "The new member's key, when inserting into an object; in XML the new element's name, or @name for an attribute.") var key: String?
    // `.unconditional`: `--at -1` takes `-1` as its value, not as an option.
    @Option(name: .customLong("at"), parsing: .unconditional,
            help: "The position among the children (negative counts from the end); default: the end.")
    var index: Int?
    @Flag(name: .customLong("before"), help: "Insert before each match, in its container.") var before = false
    @Flag(name: .customLong("after"), help: "Insert after each match, in its container.") var after = false
    @Argument(help: ArgumentHelp("The documents to edit; none or - reads standard input.", valueName: "file"))
    var files: [String] = []
    @OptionGroup var target: EditTargetOptions

    func validate() throws {
        if before && after { throw ValidationError("--before and --after cannot be used together") }
        if (before || after) && index != nil { throw ValidationError("--at cannot be used with --before or --after") }
    }

    func edits() throws -> [Edit] {
        try CommandLineText.requireUTF8(["PATH": path, "VALUE": value, "--key": key ?? ""])
        let value = try EditRun.value(value, json: json)
        let bound = try target.parameters.bindings(for: [path])
        return [EditRun.insert(value, path: path, key: key, index: index, before: before, after: after, parameters: bound)]
    }
}

/// `docq rename PATH NAME [FILE…]`.
struct RenameCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rename", _superCommandName: "docq",
        abstract: "Rename the key of every object member PATH matches.")

    @Argument(help: "The key path of the members to rename.") var path: String
    @Argument(help: "The new key.") var name: String
    @Argument(help: ArgumentHelp("The documents to edit; none or - reads standard input.", valueName: "file"))
    var files: [String] = []
    @OptionGroup var target: EditTargetOptions

    func edits() throws -> [Edit] {
        try CommandLineText.requireUTF8(["PATH": path, "NAME": name])
        return [.rename(path, to: name, parameters: try target.parameters.bindings(for: [path]))]
    }
}

/// Text from the command line, which must be UTF-8: Swift reads an
/// argument's other bytes as U+FFFD, and an edit must not write that
/// character in their place.
enum CommandLineText {
    /// Throws, naming the operand and the first bad byte, when one of
    /// `texts` (operand name to text) came from an argument that is not
    /// valid UTF-8.
    static func requireUTF8(_ texts: KeyValuePairs<String, String>) throws {
        for (name, text) in texts where text.unicodeScalars.contains("\u{FFFD}") {
            if let (offset, byte) = invalidByte(inArgumentReadAs: text) {
                let hex = String(byte, radix: 16, uppercase: true)
                throw EditRun.ValueError(description: "\(name) is not valid UTF-8: its byte \(offset + 1) (0x\(hex)) is not part of a UTF-8 character; docq reads text as UTF-8")
            }
        }
    }

    /// The offset and value of the first byte that is not UTF-8 in the
    /// argument Swift read as `text` (whole, or after `=` in
    /// `--option=text`); `nil` when that argument is valid UTF-8 (its
    /// U+FFFD was typed).
    private static func invalidByte(inArgumentReadAs text: String) -> (offset: Int, byte: UInt8)? {
        for index in 0..<Int(CommandLine.argc) {
            guard let argument = CommandLine.unsafeArgv[index] else { continue }
            let bytes = UnsafeRawBufferPointer(start: argument, count: strlen(argument))
            // Compared by bytes (String's == is canonical equivalence).
            let read = Array(String(decoding: bytes, as: UTF8.self).utf8)
            let typed = Array(text.utf8)
            let prefix = read.count - typed.count
            // `--option=` before the text is ASCII: the same bytes, read or not.
            guard prefix >= 0, read[prefix...].elementsEqual(typed),
                prefix == 0 || read[prefix - 1] == UInt8(ascii: "=") && read[..<prefix].allSatisfy({ $0 < 0x80 })
            else { continue }
            var decoder = UTF8()
            var iterator = bytes[prefix...].makeIterator()
            var offset = 0
            decoding: while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar): offset += UTF8.width(scalar)
                case .emptyInput: break decoding
                case .error: return (offset, bytes[prefix + offset])
                }
            }
        }
        return nil
    }
}

/// A size in bytes, written as a number with an optional K, M or G suffix
/// (powers of 1024): `--max-held 64M`.
struct ByteSize: ExpressibleByArgument, Sendable {
    let bytes: Int

    init?(argument: String) {
        let units: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
        var digits = Substring(argument)
        var unit = 1
        if let last = digits.last?.uppercased().first, let scale = units[last] {
            unit = scale
            digits = digits.dropLast()
        }
        guard let count = Int(digits), count >= 0 else { return nil }
        let (bytes, overflow) = count.multipliedReportingOverflow(by: unit)
        guard !overflow else { return nil }
        self.bytes = bytes
    }

    static var defaultCompletionKind: CompletionKind { .default }
}
