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
                    + #"{"set": "a.b", "value": 1}, {"set": "n", "expr": "@ + `1`"}, {"delete": "c"}, {"insert": "list", "value": 2, "key": "k", "at": 0}, {"rename": "d", "to": "e"}."#,
                valueName: "file"))
    var editsFile: String?

    @Flag(help: """
        Edit while reading, never loading the document whole (for inputs larger than memory), on paths of keys, \
        '*' and indexes: on XML, every edit but an insert at an index from the end; on JSON in \
        UTF-8, edits whose paths share leading keys, '*' or indexes before their last step (each value those \
        reach is edited in memory), or one set to a scalar (any value on the root's members), delete, or insert at \
        the end of an array that keys reach. \
        Such edits of a file stream without it too.
        """)
    var stream = false

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
              docq set 'items[*].price' --expr '@ * `1.1`' prices.json
            """)

    @Argument(help: "The key path of the values to set.") var path: String
    @Argument(help: "The new value: text, or a JSON value with --json (none with --expr).") var value: String?
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

    /// The documents: with --expr, VALUE's place holds the first one.
    var inputFiles: [String] {
        expression != nil ? (value.map { [$0] } ?? []) + files : files
    }

    func edits() throws -> [Edit] {
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

    func edits() throws -> [Edit] { [.remove(path, parameters: try target.parameters.bindings(for: [path]))] }
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
        let bound = try target.parameters.bindings(for: [path])
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

    func edits() throws -> [Edit] { [.rename(path, to: name, parameters: try target.parameters.bindings(for: [path]))] }
}
