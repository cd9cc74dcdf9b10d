import DocQuery
import DocTree

/// Evaluates the path on one document (a file, or one record of a stream)
/// and writes what it matched. `Sendable`, so records can be evaluated on
/// several cores, each into its own ``OutputStream/memory()`` stream.
struct RecordPrinter: Sendable {
    let query: CompiledQuery
    let path: String
    let first: Bool
    let output: OutputFormat
    /// `-H`: JSON output names each document's file (text output gets its
    /// `FILE:` prefix from the caller).
    var withFilename = false
    /// Colour values and keys (``Palette``); the skimmer is then off.
    var colors = false
    let diagnostics: Diagnostics
    /// Answers the path on a JSON Lines record straight from its bytes when
    /// it can (see ``skimmer(for:options:)``); `nil` to always build documents.
    var skimmer: JSONKeyPathSkimmer? = nil

    /// What happened to the documents of one unit of work, in order.
    struct Outcome: Sendable {
        var matched = false
        /// The highest failing status met (``ExitStatus``), if any.
        var failure: ExitStatus?
        /// The first document that matched nothing, explained.
        var miss: Explanation??
        /// Diagnostics for standard error, in order.
        var errors = ""

        /// Adds what a later unit of the same source did.
        mutating func merge(_ other: Outcome) {
            matched = matched || other.matched
            if let status = other.failure { fail(status) }
            if miss == nil { miss = other.miss }
            errors += other.errors
        }

        /// Records a failure; the run exits with the highest one.
        mutating func fail(_ status: ExitStatus) {
            failure = max(failure ?? status, status)
        }
    }

    /// Evaluates the path on each record and writes the results to `out`.
    /// `label` names the source in diagnostics; `prefix` starts each line.
    /// With `stopsAtError` (and not `errorsNow`), it stops after the first
    /// diagnostic: for a batch whose diagnostics mean it is done again.
    func print(
        _ records: DocumentRecords, label: String, prefix: String, prefixed: Bool,
        to out: inout OutputStream, outcome: inout Outcome, errorsNow: Bool, stopsAtError: Bool = false
    ) {
        var records = records
        let xmlSource = records.xmlSource
        var spans: [Range<Int>] = []
        while !stopsAtError || outcome.errors.isEmpty, let item = records.next(skimming: { line in
            skim(line, spans: &spans, prefix: prefix, to: &out, outcome: &outcome)
        }) {
            guard case .record(let record) = item else { continue }
            let document: Document
            switch record {
            case .success(let loaded):
                document = loaded
            case .failure(let error):
                report(diagnostics.text(for: error, source: label), &out, &outcome, now: errorsNow)
                outcome.fail(ExitStatus(error))
                continue
            }
            let result: QueryResult
            do {
                result = try query.evaluate(on: document)
            } catch {
                report(diagnostics.text(for: error, source: prefixed ? label : nil), &out, &outcome, now: errorsNow)
                outcome.fail(ExitStatus(error))
                continue
            }
            var values = query.printedMatches(of: result)
            if first { values = Array(values.prefix(1)) }
            if values.isEmpty {
                // A stream explains its first miss only.
                if outcome.miss == nil { outcome.miss = .some(query.explanation(of: result)) }
            } else {
                outcome.matched = true
            }
            if let failure = write(values, of: result, label: label, prefix: prefix, xmlSource: xmlSource, to: &out) {
                report(diagnostics.errorText(failure, source: prefixed ? label : nil), &out, &outcome, now: errorsNow)
                outcome.fail(.evaluationFailed)
            }
        }
    }

    /// The skimmer for `query` when its output can come straight from a
    /// record's bytes: a key path of keys only, printed one value a line.
    static func skimmer(for query: CompiledQuery, output: OutputFormat, options: LoadOptions) -> JSONKeyPathSkimmer? {
        guard output == .lines, case .path(let path) = query, let keys = path.keyChain else { return nil }
        return JSONKeyPathSkimmer(keys: keys, options: options)
    }

    /// This printer with a skimmer of its own, for one of several tasks
    /// that run at once: the skimmer retains its keys for each record, and
    /// keys shared by tasks on two cores made them contend for one atomic
    /// reference count (up to a tenth of `-P 2`'s time in perf).
    func withOwnSkimmer(options: LoadOptions) -> RecordPrinter {
        guard skimmer != nil else { return self }
        var copy = self
        copy.skimmer = Self.skimmer(for: query, output: output, options: options)
        return copy
    }

    /// Prints what the path selects in `line`, one record, straight from its
    /// bytes, and returns `true`; `false` (nothing written) when the record
    /// needs a document: the skimmer cannot decide it, or it matches nothing
    /// and is the first miss, which the evaluator explains.
    private func skim(
        _ line: UnsafeBufferPointer<UInt8>, spans: inout [Range<Int>], prefix: String, to out: inout OutputStream,
        outcome: inout Outcome
    ) -> Bool {
        guard let skimmer else { return false }
        spans.removeAll(keepingCapacity: true)
        guard skimmer.skim(line, into: &spans) else { return false }
        guard !spans.isEmpty else { return outcome.miss != nil }
        outcome.matched = true
        for span in first ? spans[..<1] : spans[...] {
            if !prefix.isEmpty { out.write(prefix) }
            out.write(bytes: UnsafeBufferPointer(rebasing: line[span]))
            out.write(bytes: Self.lineFeed)
        }
        return true
    }

    private static let lineFeed: [UInt8] = [0x0A]

    /// An error for standard error: now (after what was printed before it),
    /// or kept in the outcome to be written when the unit is printed.
    private func report(_ text: String, _ out: inout OutputStream, _ outcome: inout Outcome, now: Bool) {
        if now {
            out.flush()
            writeToStandardError(text)
        } else {
            outcome.errors += text
        }
    }

    /// Runs `write`, which writes JSON, straight into `out`, or in colour
    /// (through a memory stream) when ``colors`` is on.
    private func writeJSON(to out: inout OutputStream, _ write: (inout OutputStream) -> Void) {
        guard colors else { return write(&out) }
        var plain = OutputStream.memory()
        write(&plain)
        out.write(bytes: Palette.paintedJSON(plain.collected))
    }

    /// Writes `values` as ``output`` asks; returns why they could not be
    /// written (a CSV or TSV row of something that is not one), if so.
    private func write(
        _ values: [Match], of result: QueryResult, label: String, prefix: String,
        xmlSource: (spans: NodeSpans, text: [UInt8])?, to out: inout OutputStream
    ) -> String? {
        switch output {
        case .jsonArrays(let pretty):
            writeJSON(to: &out) { out in
                ValueFormatter.writeJSONArray(values, pretty: pretty, file: withFilename ? label : nil, to: &out)
            }
        case .prettyJSON:
            writeJSON(to: &out) { out in
                for value in values {
                    ValueFormatter.writeJSONLine(value, pretty: true, to: &out)
                }
            }
        case .csv, .tsv:
            for value in values {
                let row: String
                do {
                    row = try DelimitedRow.row(value, output == .csv ? .csv : .tsv)
                } catch {
                    return error.message
                }
                out.line(prefix + row)
            }
        case .paths:
            let leaves = LeafPaths()
            let (pathStart, pathEnd) = colors ? (Palette.start(.key), Palette.reset) : ([], [])
            // Canonical paths cost a pass over the document: only when asked.
            for (value, path) in zip(values, query.printedPaths(of: result)) {
                if let node = value.node {
                    leaves.forEachLeaf(of: node, path: path) { path, _, text in
                        out.write(prefix)
                        out.write(bytes: pathStart)
                        out.write(path)
                        out.write(bytes: pathEnd)
                        out.write("\t")
                        out.line(QueryRun.escapedForLine(text))
                    }
                } else {
                    out.write(prefix)
                    out.write(bytes: pathStart)
                    out.write(path)
                    out.write(bytes: pathEnd)
                    out.line("\t" + QueryRun.escapedForLine(ValueFormatter.line(value)))
                }
            }
        case .xml:
            for value in values {
                guard let node = value.node, node.kind == .element || node.kind == .document else {
                    ValueFormatter.writeLine(value, prefix: prefix, to: &out)
                    continue
                }
                out.write(prefix)
                if let xmlSource, node.kind == .element, xmlSource.spans.hasSpan(node.index) {
                    xmlSource.text.withUnsafeBufferPointer {
                        out.write(bytes: UnsafeBufferPointer(rebasing: $0[xmlSource.spans.range(node.index)]))
                    }
                } else {
                    out.write(node.xmlString() ?? "")
                }
                out.write("\n")
            }
        case .lines:
            for value in values {
                if colors {
                    ValueFormatter.writePaintedLine(value, prefix: prefix, to: &out)
                } else {
                    ValueFormatter.writeLine(value, prefix: prefix, to: &out)
                }
            }
        }
        return nil
    }
}
