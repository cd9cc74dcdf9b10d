import CLibXML2SAXCeiling
import DocTree
import Foundation
import SWXMLHash
import XMLCoder

#if canImport(FoundationXML)
import FoundationXML
#endif

extension Subjects {
    /// Loading XML: ours, the Swift peers, libxml2's DOM, and libxml2 SAX2 with
    /// empty callbacks as the ceiling.
    public static let xmlLoad: [Subject] = [
        Subject(
            name: "DocTree", operation: "load", format: .xml, role: .ours,
            summary: "Document(data:): libxml2 SAX2 into the flat node table"
        ) { _, data in
            Workload { Output(value: try Document(data: data)) }
        },
        Subject(
            name: "XMLParser", operation: "load", format: .xml, role: .peer,
            summary: "FoundationXML XMLParser with an empty delegate"
        ) { _, data in
            Workload {
                let parser = XMLParser(data: data)
                let delegate = EmptyParserDelegate()
                parser.delegate = delegate
                guard parser.parse() else {
                    let code = (parser.parserError as NSError?)?.code ?? -1
                    // libxml2's push parser halts past 10 MB of pending input without XML_PARSE_HUGE,
                    // which FoundationXML never sets.
                    let reason = data.count > 10_000_000 ? " (libxml2's 10 MB limit without XML_PARSE_HUGE)" : ""
                    throw SubjectFailure("parse() returned false, error \(code)\(reason)")
                }
                return Output(value: delegate)
            }
        },
        Subject(
            name: "XMLDocument", operation: "load", format: .xml, role: .peer,
            summary: "FoundationXML XMLDocument(data:)", maxInputBytes: heavyCap
        ) { _, data in
            Workload { Output(value: try XMLDocument(data: data, options: [])) }
        },
        Subject(
            name: "SWXMLHash", operation: "load", format: .xml, role: .peer,
            summary: "SWXMLHash 8.1.1 XMLHash.parse (eager)", maxInputBytes: heavyCap
        ) { _, data in
            Workload { Output(value: try SWXMLHashPeer.parse(data)) }
        },
        Subject(
            name: "XMLCoder", operation: "load", format: .xml, role: .peer,
            summary: "XMLCoder 0.18.2 XMLDecoder into a small model", maxInputBytes: heavyCap
        ) { input, data in
            let decode = XMLCoderModels.decoder(for: input.name)
            return Workload {
                do {
                    return Output(value: try decode(data))
                } catch let error as NSError where error.domain == XMLParser.errorDomain && data.count > 10_000_000 {
                    // XMLCoder reads through XMLParser, and inherits its limit.
                    throw SubjectFailure("XMLParser error \(error.code) underneath (its 10 MB limit)")
                }
            }
        },
        Subject(
            name: "libxml2 DOM", operation: "load", format: .xml, role: .peer,
            summary: "libxml2 xmlReadMemory into its own DOM", maxInputBytes: heavyCap
        ) { _, data in
            Workload { Output(value: try LibXML2Document(data)) }
        },
        Subject(
            name: "libxml2 SAX2", operation: "load", format: .xml, role: .ceiling,
            summary: "libxml2 SAX2 with empty callbacks (tokenizing only)"
        ) { _, data in
            Workload {
                let code = data.withUnsafeBytes { bytes in
                    sax_ceiling_parse(bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count)
                }
                guard code == 0 else { throw SubjectFailure("libxml2 SAX2: error \(code)") }
                return Output(value: code)
            }
        },
    ]
}

/// The delegate that does nothing, so XMLParser's own cost is what is measured.
final class EmptyParserDelegate: NSObject, XMLParserDelegate {}

/// SWXMLHash, failing loudly where it would hand back a silently empty tree.
enum SWXMLHashPeer {
    static func parse(_ data: Data) throws -> XMLIndexer {
        let indexer = XMLHash.config { $0.shouldProcessLazily = false }.parse(data)
        guard !indexer.children.isEmpty else { throw SubjectFailure("SWXMLHash: empty result (parse failed)") }
        return indexer
    }
}

/// Small models for XMLCoder: what an app would decode from each input. Inputs
/// without one decode into an empty struct, which still makes XMLCoder read
/// the whole document.
enum XMLCoderModels {
    struct Anything: Decodable {}

    struct OSM: Decodable {
        struct Node: Decodable {
            let id: String
            let lat: String
            let lon: String
        }
        let node: [Node]
    }

    struct APIResponse: Decodable {
        struct Header: Decodable {
            let resultCode: String
        }
        struct Body: Decodable {
            struct Items: Decodable {
                let item: [Place]
            }
            let items: Items
            let totalCount: Int
        }
        struct Place: Decodable {
            let id: Int
            let name: String
            let category: String
            let rating: Double
            let open: Bool
        }
        let header: Header
        let body: Body
    }

    struct RSS: Decodable {
        struct Channel: Decodable {
            struct Item: Decodable {
                let title: String
                let link: String?
            }
            let title: String
            let item: [Item]
        }
        let channel: Channel
    }

    static func decoder(for inputName: String) -> @Sendable (Data) throws -> Any {
        if inputName == "map.osm" {
            return { try XMLDecoder().decode(OSM.self, from: $0) }
        } else if inputName.hasPrefix("generated-") {
            return { try XMLDecoder().decode(APIResponse.self, from: $0) }
        } else if inputName == "sample_rss.xml" {
            return { try XMLDecoder().decode(RSS.self, from: $0) }
        }
        return { try XMLDecoder().decode(Anything.self, from: $0) }
    }
}
