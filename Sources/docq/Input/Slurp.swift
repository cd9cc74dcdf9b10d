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

    /// The one array of all the documents, or `nil` after reporting what
    /// could not be read.
    func document(of sources: [InputSource]) async -> Document? {
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        var failed = false
        var first = true
        for source in sources {
            var records: DocumentRecords
            do {
                records = try await loader.records(source)
            } catch {
                writeToStandardError(diagnostics.text(for: error, source: source.label))
                failed = true
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
                    failed = true
                }
            }
        }
        guard !failed else { return nil }
        bytes.append(UInt8(ascii: "]"))
        do {
            return try Document(data: Data(bytes), options: LoadOptions(format: .json))
        } catch {
            writeToStandardError(diagnostics.text(for: error, source: "--slurp"))
            return nil
        }
    }
}
