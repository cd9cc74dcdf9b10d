import DocQuery
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The mistakes people who know jq, yq, xmlstarlet or dasel make on docq's
/// command line, caught before they are read as something else, and the
/// hints that point to docq's form.
///
/// Two kinds: a command line docq refuses before running (``mistake(in:)``,
/// ``terminalInput(files:operands:)``), because reading it would be a
/// silent wrong reading or a wait on the terminal; and hints added to an
/// error or a miss that happened anyway (``hints(afterParseError:)``,
/// ``hints(forPath:jmespath:)``, ``commandHint(forPath:)``), which never
/// change what a valid command line does.
enum CommandLineHints {
    /// A command line docq refuses: the message and what to write instead.
    struct Mistake: Error, Sendable {
        var message: String
        var hints: [String]
        var status: ExitStatus = .usage

        init(_ message: String, hints: [String] = []) {
            self.message = message
            self.hints = hints
        }
    }

    /// The edit commands' and the query's names.
    private static var commandNames: [String] { Main.commands.map(\.name) }

    /// Whether the command line asks the root command: for help, the
    /// version, a completion script or the manual's description.
    static func asksTheRoot(_ arguments: [String]) -> Bool {
        for argument in arguments {
            if argument == "--" { return false }
            if ["-h", "--help", "--version", "--experimental-dump-help"].contains(argument)
                || argument.hasPrefix("--generate-completion-script")
            {
                return true
            }
        }
        return false
    }

    // MARK: - Refused before running

    /// The query's options that take a value, and how many words it is.
    private static let valueWords: [String: Int] = [
        "-f": 1, "--from": 1, "-e": 1, "--encoding": 1, "-P": 1, "--jobs": 1, "--color": 1,
        "--arg": 2, "--argjson": 2, "--edits": 1, "--key": 1, "--at": 1, "--max-held": 1, "--expr": 1,
    ]

    /// The operands of a command line (the words that are not options nor
    /// an option's value), with the options before the first one.
    private static func operands(_ arguments: [String]) -> (operands: [String], optionsBefore: [String]) {
        var operands: [String] = []
        var before: [String] = []
        var k = 0
        while k < arguments.count {
            let word = arguments[k]
            if word == "--" {
                operands += arguments[(k + 1)...]
                break
            }
            if word.hasPrefix("-") && word != "-" {
                let taken = word.contains("=") ? 0 : valueWords[word] ?? 0
                let end = min(k + 1 + taken, arguments.count)
                if operands.isEmpty { before += arguments[k..<end] }
                k = end
                continue
            }
            operands.append(word)
            k += 1
        }
        return (operands, before)
    }

    /// A query command line that must not run as written: options before
    /// a command's name (`docq --pretty set …`, `docq -i set …`), or `-e`
    /// (docq's `--encoding`) given a path, as jq's `-e` would be.
    static func mistake(in arguments: [String]) -> Mistake? {
        let (operands, before) = operands(arguments)
        if let first = operands.first, let command = Main.commands.first(where: { $0.name == first })?.type,
           !before.isEmpty
        {
            var rest = arguments
            if let position = rest.firstIndex(of: first) { rest.remove(at: position) }
            var mistake = Mistake("'\(first)' is a command, and options go after a command's name")
            // Suggest only what the command's own definition accepts.
            if (try? command.parseAsRoot(ParameterOptions.paired(rest))) != nil {
                mistake.hints.append("write: docq \(shellWords([first] + rest))")
            } else {
                mistake.hints.append("'docq \(first)' takes no \(shellWords(before)); see 'docq help \(first)'")
            }
            mistake.hints.append("to query a key named '\(first)', write: docq query \(shellWords(arguments))")
            return mistake
        }
        for (k, word) in arguments.enumerated() where word == "-e" || word == "--encoding" {
            guard k + 1 < arguments.count else { break }
            let value = arguments[k + 1]
            if !isEncodingName(value) {
                var rest = arguments
                rest.remove(at: k)
                return Mistake(
                    "\(word) names the input's character encoding (docq's --encoding), and '\(value)' is not one",
                    hints: [
                        "jq's -e (--exit-status) is docq's default: exit status 1 when nothing matched",
                        "write: docq \(shellWords(rest))",
                    ])
            }
        }
        return nil
    }

    /// Whether `text` can be a character encoding's name (`UTF-8`,
    /// `windows-1252`, `ISO_8859-1:1987`, `EUC-KR`).
    private static func isEncodingName(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 64 && text.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_:.".unicodeScalars.contains($0))
        } && text.contains(where: \.isLetter) && !text.hasSuffix(".json") && !text.hasSuffix(".xml")
    }

    /// A command left to read standard input, which is a terminal: docq
    /// would wait for a document to be typed. `operands` are the command's
    /// own, by role (`PATH`, `VALUE` …); one that names a file was probably
    /// meant as one.
    static func terminalInput(files: [String], operands: KeyValuePairs<String, String>) -> Mistake? {
        guard files.isEmpty, isatty(0) == 1 else { return nil }
        var mistake = Mistake(
            "no file given, and standard input is a terminal: docq would wait for a document to be typed")
        if let (role, file) = operands.last(where: { isFile($0.value) }) {
            let roles = operands.map(\.key).joined(separator: " ")
            mistake.hints.append("'\(file)' is a file, but it was read as \(role): the files come after \(roles)")
        }
        mistake.hints.append("name a file, or pipe a document in: cat doc.json | docq …")
        return mistake
    }

    private static func isFile(_ path: String) -> Bool {
        var status = stat()
        return !path.isEmpty && stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }

    // MARK: - Hints after an error

    /// Options of jq, yq, xmlstarlet and dasel that docq does not have, and
    /// what docq does instead.
    private static let foreignOptions: [String: String] = [
        "-r": "strings print raw already (jq's -r is docq's default); -j prints JSON",
        "--raw-output": "strings print raw already (jq's -r is docq's default); -j prints JSON",
        "-c": "containers print as one line of compact JSON already; -j puts each document's values in one array",
        "--compact-output": "containers print as one line of compact JSON already; -j puts each document's values in one array",
        "-n": "docq always reads a document: echo '{\"a\":1}' | docq a",
        "--null-input": "docq always reads a document: echo '{\"a\":1}' | docq a",
        "-S": "keys print in document order; --jmespath 'sort(keys(@))' lists them sorted",
        "--sort-keys": "keys print in document order; --jmespath 'sort(keys(@))' lists them sorted",
        "--tab": "--pretty indents by two spaces",
        "--indent": "--pretty indents by two spaces",
        "-i": "-i/--in-place belongs to the edit commands: docq set PATH VALUE -i FILE",
        "--in-place": "-i/--in-place belongs to the edit commands: docq set PATH VALUE -i FILE",
        "-o": "docq's outputs are -j/--json, --pretty, --csv, --tsv, --paths and --xml",
        "--output-format": "docq's outputs are -j/--json, --pretty, --csv, --tsv, --paths and --xml",
        "-t": "xmlstarlet's templates are docq's paths: docq entry.title feed.xml",
        "-v": "xmlstarlet's -v is docq's default: docq PATH FILE prints the values",
        "--exit-status": "docq exits with 1 when nothing matched, always",
        "-y": "docq reads XML and JSON, and prints JSON (-j) or values",
    ]

    /// The words yq, xmlstarlet and dasel take as commands, and docq's form.
    private static let foreignCommands: [String: String] = [
        "e": "yq's eval is docq's default command: docq PATH FILE",
        "eval": "yq's eval is docq's default command: docq PATH FILE",
        "eval-all": "yq's eval-all is docq -s (--slurp): docq -s PATH FILE…",
        "sel": "xmlstarlet sel is docq's default command: docq PATH FILE, with dotted keys (entry.title), not XPath",
        "ed": "xmlstarlet ed is docq's set, delete, insert and rename: docq set PATH VALUE FILE",
        "select": "dasel's select is docq's default command: docq PATH FILE",
        "get": "docq reads with no command word: docq PATH FILE",
        "put": "dasel's put is docq's set: docq set PATH VALUE FILE",
        "del": "docq delete PATH FILE",
        "rm": "docq delete PATH FILE",
        "remove": "docq delete PATH FILE",
        "mv": "docq rename PATH NEWKEY FILE",
        "add": "docq insert PATH VALUE FILE",
        "append": "docq insert PATH VALUE FILE",
    ]

    /// Hints for a command line argument-parser refused: jq, yq and
    /// xmlstarlet options docq lacks, `-f` given a file, and a first word
    /// that is another tool's command or close to one of docq's.
    static func hints(afterParseError arguments: [String]) -> [String] {
        var hints: [String] = []
        var seen: Set<String> = []
        for (k, word) in arguments.enumerated() {
            if word == "--" { break }
            if let hint = foreignOptions[word], seen.insert(hint).inserted { hints.append(hint) }
            if word == "-f" || word == "--from", k + 1 < arguments.count, !["xml", "json", "jsonc"].contains(arguments[k + 1]) {
                hints.append("\(word) names the input format (xml or json); files go after the path: docq PATH FILE")
            }
            // A negative number as a value (`docq set --json offset -5 FILE`) reads as an option.
            if word.count > 1, word.hasPrefix("-"), Double(word) != nil, seen.insert("-").inserted {
                hints.append("'\(word)' was read as an option; a value that begins with '-' goes after '--': "
                    + "docq set --json PATH -- \(word) FILE")
            }
        }
        if let first = operands(arguments).operands.first, let hint = commandHint(forPath: first) {
            hints.append(hint)
        }
        return hints
    }

    /// A hint when a query whose path is `path` failed and the path is
    /// another tool's command word, or close to one of docq's commands
    /// (`docq sett …`).
    static func commandHint(forPath path: String) -> String? {
        if let hint = foreignCommands[path] { return "'\(path)' is not a docq command: \(hint)" }
        if let near = Suggestions.closest(to: path, in: commandNames + ["help"]) {
            return "'\(path)' was read as a path; did you mean the command 'docq \(near)'?"
        }
        return nil
    }

    /// Hints for a path that is malformed or matched nothing and is written
    /// in another tool's syntax: jq's `.a`, `.[]`, pipes and functions,
    /// XPath, yq's assignments. (A leading dot is fine: key paths take it.)
    static func hints(forPath path: String, jmespath: Bool) -> [String] {
        var hints: [String] = []
        if jmespath {
            if path.hasPrefix("."), path.count > 1 { hints.append("JMESPath has no leading dot: '\(path.dropFirst())'") }
            return hints
        }
        if path.hasPrefix("/") {
            hints.append("docq paths are dotted keys from the root (feed.entry.title), not XPath; 'docq --paths . FILE' lists every path")
            return hints
        }
        if path.contains("[]") {
            hints.append("jq's .[] is [*] (or [:]) in a key path: '\(path.replacing("[]", with: "[*]"))'")
        }
        if path.contains("|") || path.contains("select(") || path.contains("map(") {
            hints.append("pipes and functions are JMESPath's: docq --jmespath '…' (jq's select(.done) is a filter: '[?done]')")
        }
        if path.contains(" = ") || path.contains("|=") {
            hints.append("to change a value: docq set PATH VALUE FILE")
        }
        return hints
    }

    /// `words` as one shell command line, each quoted when it needs it.
    static func shellWords(_ words: [String]) -> String {
        words.map { word in
            let plain = !word.isEmpty && word.unicodeScalars.allSatisfy {
                ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || "-_./=:,@%+".unicodeScalars.contains($0)
            }
            return plain ? word : "'" + word.replacing("'", with: "'\\''") + "'"
        }.joined(separator: " ")
    }
}
