import CSimdjsonCeiling
import DocTree
import Foundation

extension Subjects {
    /// Loading JSON: ours, Foundation's two ways, and simdjson as the ceiling.
    /// (yyjson, orjson and Python's json are timed by scripts/bench.)
    public static let jsonLoad: [Subject] = [
        Subject(
            name: "DocTree", operation: "load", format: .json, role: .ours,
            summary: "Document(data:): strict RFC 8259 scan into the flat node table"
        ) { _, data in
            Workload { Output(value: try Document(data: data)) }
        },
        Subject(
            name: "JSONSerialization", operation: "load", format: .json, role: .peer,
            summary: "Foundation JSONSerialization.jsonObject(with:)", maxInputBytes: heavyCap
        ) { _, data in
            Workload { Output(value: try JSONSerialization.jsonObject(with: data)) }
        },
        Subject(
            name: "JSONDecoder enum", operation: "load", format: .json, role: .peer,
            summary: "Foundation JSONDecoder into a generic JSONValue enum", maxInputBytes: heavyCap
        ) { _, data in
            Workload { Output(value: try JSONDecoder().decode(JSONValue.self, from: data)) }
        },
        Subject(
            name: "simdjson", operation: "load", format: .json, role: .ceiling,
            summary: "simdjson DOM parse (Debian libsimdjson, reused parser, padded input)"
        ) { _, data in
            let buffer = PaddedBuffer(data)
            let parser = try SimdjsonParser()
            return Workload {
                try parser.parse(buffer)
                return Output(value: parser)
            }
        },
    ]
}
