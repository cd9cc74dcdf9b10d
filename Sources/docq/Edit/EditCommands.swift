import ArgumentParser
import DocQuery
import DocTree

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
                    + #"{"set": "a.b", "value": 1}, {"delete": "c"}, {"insert": "list", "value": 2, "key": "k", "at": 0}, {"rename": "d", "to": "e"}."#,
                valueName: "file"))
    var editsFile: String?

    @Flag(help: """
        Never load a document whole: edit it while reading, or fail naming the step that needs it whole. \
        Edits that can stream do so without it.
        """)
    var stream = false

    @Option(name: .customLong("max-held"),
            help: ArgumentHelp(
                "With streaming, the most bytes of one value held in memory (K, M, G suffixes: 64M); fail past it instead of "
                    + "growing. Implies --stream.",
                valueName: "size"))
    var maxHeld: ByteSize?

    /// Whether the document may never be loaded whole.
    var streamOnly: Bool { stream || maxHeld != nil }

    @OptionGroup var input: InputOptions
    @OptionGroup var parameters: ParameterOptions
}

/// `docq set PATH VALUE [FILE…]`.
struct SetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set", _superCommandName: "docq",
        abstract: "Set the value at PATH to VALUE, creating missing keys of a keys-only path.",
        discussion: """
            Only the edited value changes; every other byte of the file stays as it was.
              docq set version 2.1 package.json
              docq set --json debug true -i settings.json
            """)

    @Argument(help: "The key path of the values to set.") var path: String
    @Argument(help: "The new value: text, or a JSON value with --json.") var value: String
    @Flag(name: .customLong("json"), help: "Read VALUE as a JSON value (3, true, null, {\"a\":1}) instead of text.")
    var json = false
    @Argument(help: ArgumentHelp("The documents to edit; none or - reads standard input.", valueName: "file"))
    var files: [String] = []
    @OptionGroup var target: EditTargetOptions

    func edits() throws -> [Edit] {
        [.set(path, to: try EditRun.value(value, json: json), parameters: try target.parameters.bindings())]
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

    func edits() throws -> [Edit] { [.remove(path, parameters: try target.parameters.bindings())] }
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
    @Argument(help: "The value: text, or a JSON value with --json.") var value: String
    @Flag(name: .customLong("json"), help: "Read VALUE as a JSON value instead of text.") var json = false
    @Option(name: .customLong("key"), help: "The new member's key, when inserting into an object; in XML the new element's name, or @name for an attribute.") var key: String?
    @Option(name: .customLong("at"), help: "The position among the children (negative counts from the end); default: the end.")
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
        let value = try EditRun.value(value, json: json)
        let bound = try target.parameters.bindings()
        if before { return [.insert(value, before: path, key: key, parameters: bound)] }
        if after { return [.insert(value, after: path, key: key, parameters: bound)] }
        return [.insert(value, into: path, key: key, at: index, parameters: bound)]
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

    func edits() throws -> [Edit] { [.rename(path, to: name, parameters: try target.parameters.bindings())] }
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
