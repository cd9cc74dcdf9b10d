import DocQuery
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `-s/--slurp`: every document of every source (each file, each record of
/// a JSON Lines stream) as the elements of one JSON array, which the path
/// is then evaluated on once, as `jq -s` does (`docq -s @count events.jsonl`
/// counts the records; `docq -s --jmespath 'merge(@)' a.json b.json`).
///
/// Each document is written through DocTree's JSON writer (XML by the
/// library's mapping, numbers exactly as written) and the array is parsed
/// as one JSON document. A source or record that cannot be read or parsed
/// is reported, and then nothing is evaluated: a partial array would be a
/// silently wrong answer.
struct Slurp {
    let loader: DocumentLoader
    let diagnostics: Diagnostics

    /// The one array of all the documents, or, after reporting what could
    /// not be read, the exit status for it.
    func document(of sources: [InputSource]) async -> Result<Document, SlurpFailure> {
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        var failed: ExitStatus?
        var first = true
        for source in sources {
            var records: DocumentRecords
            do {
                records = try await loader.records(source)
            } catch {
                writeToStandardError(diagnostics.text(for: error, source: source.label))
                failed = max(failed ?? .matched, ExitStatus(error))
                continue
            }
            while let record = records.next() {
                switch record {
                case .success(let document):
                    if !first { bytes.append(UInt8(ascii: ",")) }
                    first = false
                    bytes += JSONWriter.write(document.root, pretty: false)
                case .failure(let error):
                    writeToStandardError(diagnostics.text(for: error, source: source.label))
                    failed = max(failed ?? .matched, ExitStatus(error))
                }
            }
        }
        if let failed { return .failure(SlurpFailure(status: failed)) }
        bytes.append(UInt8(ascii: "]"))
        do {
            return .success(try Document(data: Data(bytes), options: LoadOptions(format: .json)))
        } catch {
            writeToStandardError(diagnostics.text(for: error, source: "--slurp"))
            return .failure(SlurpFailure(status: ExitStatus(error)))
        }
    }

    /// A slurp that failed, reported already: the status to exit with.
    struct SlurpFailure: Error {
        let status: ExitStatus
    }
}
