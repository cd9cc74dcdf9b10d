import DocQuery
import DocTree
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An edit's path that matched nothing, explained as a query of the same
/// input explains it: how far the path got, why the step failed, the key
/// the user probably meant and the keys there.
///
/// A streamed edit keeps no document to explain a miss with, so on a miss
/// the input is loaded whole, where a query would load it: bytes held
/// (standard input), or a regular file no larger than the size at which
/// docq streams on its own (``StreamRun/threshold``). Under `--stream` or
/// `--max-held` nothing is loaded, and the miss is reported as it is.
enum ExplainedMiss {
    /// The text for `error`, a miss of one of `edits` in `source` (read
    /// whole into `bytes`, for standard input), or `nil` when the input is
    /// not held or loaded, or is no one document (JSON Lines), or the error
    /// is no miss.
    static func text(
        for error: QueryError, of edits: [Edit], in source: InputSource, bytes: [UInt8]?, options: LoadOptions,
        diagnostics: Diagnostics
    ) -> String? {
        guard error.kind == .noMatch, let document = document(source, bytes: bytes, options: source.loadOptions(options)),
            let (explained, explanation) = Edit.explainedMiss(error, of: edits, in: document)
        else { return nil }
        let hints = explanation.hintLines(textIndent: "  ", style: diagnostics.style)
        return diagnostics.text(for: explained, source: source.label) + hints.map { $0 + "\n" }.joined()
    }

    /// The input as one document, or `nil`.
    private static func document(_ source: InputSource, bytes: [UInt8]?, options: LoadOptions) -> Document? {
        if let bytes { return try? Document(bytes: bytes, charset: nil, options: options) }
        guard case .file(let path) = source, let descriptor = try? DocumentLoader.open(path) else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) <= StreamRun.threshold
        else { return nil }
        return try? DocumentLoader(options: options, allowsProgress: false).load(descriptor: descriptor, label: path, options: options)
    }
}
