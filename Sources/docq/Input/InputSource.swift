import DocTree
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where a document comes from: a file, standard input (`-` or no FILE at
/// all), or an http(s) URL.
enum InputSource: Sendable, Equatable {
    case standardInput
    case file(String)
    case url(URL)

    /// Reads a command-line operand: `-` is standard input, `http://…` and
    /// `https://…` are URLs, `file://…` a file, anything else a file path.
    init(operand: String) {
        if operand == "-" {
            self = .standardInput
            return
        }
        let lowered = operand.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://"), let url = URL(string: operand) {
            self = .url(url)
        } else if lowered.hasPrefix("file://"), let url = URL(string: operand), url.isFileURL {
            self = .file(url.path)
        } else {
            self = .file(operand)
        }
    }

    /// `options` for reading this source: a file named `*.jsonc` is JSON
    /// with comments (``LoadOptions/readsJSONWithComments``) unless
    /// `--from` names a format; a `.json` file never is.
    func loadOptions(_ options: LoadOptions) -> LoadOptions {
        guard options.format == nil, case .file(let path) = self, path.lowercased().hasSuffix(".jsonc") else {
            return options
        }
        var options = options
        options.format = .json
        options.readsJSONWithComments = true
        return options
    }

    /// The name used in messages and before output lines: the operand as
    /// given, or `(standard input)`.
    var label: String {
        switch self {
        case .standardInput: "(standard input)"
        case .file(let path): path
        case .url(let url): url.absoluteString
        }
    }
}
